/** What global-setup.ts hands to the tests (through environment variables). */
export const E2E = {
  get baseURL(): string {
    const url = process.env.IRGAS_E2E_BASE_URL;
    if (!url) throw new Error('IRGAS_E2E_BASE_URL is not set: run the tests through `npm run e2e`');
    return url;
  },
  get databaseURL(): string {
    return process.env.IRGAS_E2E_DATABASE_URL ?? '';
  },
  get bin(): string {
    return process.env.IRGAS_E2E_BIN ?? '';
  },
};

export const ADMIN = { account: 'admin', password: 'E2e-Admin-pass-1', name: 'Administrator' };
/** Holds OperationLogManagement only. */
export const VIEWER = { account: 'viewer', password: 'E2e-Viewer-pass-1', name: '查看员' };
/** Holds no permission at all. */
export const NOBODY = { account: 'nobody', password: 'E2e-Nobody-pass-1', name: 'Nobody' };
/** Only used by the failed sign-in test (its failures must not touch the other accounts). */
export const LOCKME = { account: 'lockme', password: 'E2e-Lockme-pass-1', name: 'Lock Me' };

export const FOOTER_COPYRIGHT = '© 2026 E2E 测试有限公司';
