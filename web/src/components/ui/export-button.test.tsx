import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { changeLanguage } from '@/lib/i18n';
import type { BlobDownload, DownloadProgress } from '@/lib/request';

import { ExportButton, progressText } from './export-button';

describe('progressText', () => {
  it('gives a percentage when the size is known, else the bytes so far', () => {
    expect(progressText(512, 1024)).toBe('50%');
    expect(progressText(2048, 1024)).toBe('100%');
    expect(progressText(1536, undefined)).toBe('1.5 KB');
    expect(progressText(0, undefined)).toBe('');
  });
});

describe('<ExportButton>', () => {
  const clicked: HTMLAnchorElement[] = [];
  beforeEach(async () => {
    await changeLanguage('zh-CN');
    clicked.length = 0;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('is busy with the progress while the file comes, then saves it under the suffixed server name', async () => {
    const user = userEvent.setup();
    let report: DownloadProgress = () => undefined;
    let finish: (file: BlobDownload) => void = () => undefined;
    const onExport = vi.fn(
      (onProgress: DownloadProgress) =>
        new Promise<BlobDownload>((resolve) => {
          report = onProgress;
          finish = resolve;
        }),
    );
    render(
      <App>
        <ExportButton onExport={onExport} fallbackName="companies.xlsx" />
      </App>,
    );
    await user.click(screen.getByRole('button', { name: /导\s*出/ }));
    expect(screen.getByRole('button')).toHaveTextContent('正在导出…');
    expect(screen.getByRole('button')).toHaveAttribute('aria-busy', 'true');
    act(() => report(3 * 1024, undefined));
    expect(screen.getByRole('button')).toHaveTextContent('正在导出 3.0 KB');
    await act(async () =>
      finish({ blob: new Blob(['x']), contentDisposition: "attachment; filename*=UTF-8''%E4%BC%81%E4%B8%9A%E5%88%97%E8%A1%A8.xlsx" }),
    );
    expect(clicked).toHaveLength(1);
    expect(clicked[0].download).toMatch(/^企业列表_\d{14}\.xlsx$/);
    expect(screen.getByRole('button')).toHaveTextContent(/导\s*出/);
    expect(screen.getByRole('button')).toHaveAttribute('aria-busy', 'false');
    expect(onExport).toHaveBeenCalledTimes(1);
  });
});
