import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, openSync, existsSync, rmSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { ADMIN, FOOTER_COPYRIGHT, LOCKME, NOBODY, VIEWER } from './env';

const here = dirname(fileURLToPath(import.meta.url));

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => res(port));
    });
  });
}

async function waitReady(url: string, logFile: string, deadline: number) {
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
      last = `readyz ${res.status}`;
    } catch (e) {
      last = String(e);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`irgas did not become ready (${last}). Log:\n${readFileSync(logFile, 'utf8')}`);
}

/**
 * Starts `irgas serve` on a temporary SQLite database and a free port, creates the test users
 * with `irgas user create`, and returns the teardown that stops the server and removes the files.
 */
export default async function globalSetup() {
  const bin = resolve(process.env.IRGAS_BIN ?? join(here, '..', '..', 'bin', 'irgas'));
  if (!existsSync(bin)) {
    throw new Error(`irgas binary not found at ${bin}: run \`make build\` in the repository root first`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'irgas-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const databaseURL = `sqlite:${join(dir, 'irgas.db')}`;
  const env = {
    ...process.env,
    IRGAS_DATABASE_URL: databaseURL,
    IRGAS_HTTP_ADDR: `127.0.0.1:${port}`,
    IRGAS_MQTT_ADDR: 'off',
    IRGAS_METRICS_ADDR: 'off',
    IRGAS_ADMIN_PASSWORD: ADMIN.password,
    IRGAS_FOOTER_COPYRIGHT: FOOTER_COPYRIGHT,
    IRGAS_FOOTER_ICP: '京ICP备00000000号-1',
    // The failed sign-in test sends its own X-Forwarded-For so that its failures are counted
    // against an address of its own, not 127.0.0.1 that every other test signs in from.
    IRGAS_TRUST_PROXY: 'true',
  };

  const logFile = join(dir, 'irgas.log');
  const log = openSync(logFile, 'a');
  const server = spawn(bin, ['serve'], { env, stdio: ['ignore', log, log] });
  let exited = false;
  server.on('exit', () => {
    exited = true;
  });
  await waitReady(baseURL, logFile, Date.now() + 30_000);
  if (exited) throw new Error(`irgas exited early:\n${readFileSync(logFile, 'utf8')}`);

  const cli = (args: string[]) => execFileSync(bin, args, { env, stdio: 'pipe' });
  cli(['user', 'create', VIEWER.account, '--password', VIEWER.password, '--name', VIEWER.name, '--permissions', 'OperationLogManagement']);
  cli(['user', 'create', NOBODY.account, '--password', NOBODY.password, '--name', NOBODY.name]);
  cli(['user', 'create', LOCKME.account, '--password', LOCKME.password, '--name', LOCKME.name]);

  process.env.IRGAS_E2E_BASE_URL = baseURL;
  process.env.IRGAS_E2E_DATABASE_URL = databaseURL;
  process.env.IRGAS_E2E_BIN = bin;
  process.env.IRGAS_E2E_LOG = logFile;

  return async () => {
    if (!exited) {
      server.kill('SIGTERM');
      await new Promise<void>((r) => {
        const timer = setTimeout(() => {
          server.kill('SIGKILL');
          r();
        }, 10_000);
        server.on('exit', () => {
          clearTimeout(timer);
          r();
        });
      });
    }
    if (!process.env.IRGAS_E2E_KEEP) rmSync(dir, { recursive: true, force: true });
  };
}
