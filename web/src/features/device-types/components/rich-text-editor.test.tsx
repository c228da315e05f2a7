import { StyleProvider } from '@ant-design/cssinjs';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { changeLanguage } from '@/lib/i18n';
import { ApiError } from '@/lib/request';

import { imageFileProblem, isAllowedLink, RichTextEditor } from './rich-text-editor';

const WORD = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{margin:0}</style></head><body>
<!--StartFragment--><p class=MsoNormal align=center style='text-align:center'><b><span style='color:red'>Notes</span></b><o:p></o:p></p>
<p class=MsoListParagraph style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='mso-list:Ignore'>1.<span>&nbsp; </span></span><![endif]>Switch off<o:p></o:p></p>
<!--EndFragment--></body></html>`;

beforeAll(() => {
  // jsdom has no layout: ProseMirror asks for rectangles when it scrolls the selection into view
  Range.prototype.getClientRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  document.elementFromPoint = () => null;
});
beforeEach(async () => {
  await changeLanguage('zh-CN');
});

function renderEditor(props: Partial<Parameters<typeof RichTextEditor>[0]> = {}) {
  const onChange = vi.fn<(html: string) => void>();
  const utils = render(
    <StyleProvider mock="server">
      <ConfigProvider theme={{ token: { motion: false } }}>
        <RichTextEditor ariaLabel="描述" onChange={onChange} {...props} />
      </ConfigProvider>
    </StyleProvider>,
  );
  const editor = screen.getByRole('textbox', { name: '描述' });
  return { ...utils, onChange, editor, last: () => onChange.mock.calls.at(-1)?.[0] ?? '' };
}

function paste(target: HTMLElement, html: string, text = '') {
  fireEvent.paste(target, {
    clipboardData: { getData: (type: string) => (type === 'text/html' ? html : type === 'text/plain' ? text : ''), files: [], types: ['text/html', 'text/plain'] },
  });
}

describe('helpers', () => {
  it('allows http(s) and mailto links only', () => {
    expect(isAllowedLink('https://example.com/a?b=1')).toBe(true);
    expect(isAllowedLink('mailto:ops@example.com')).toBe(true);
    expect(isAllowedLink('javascript:alert(1)')).toBe(false);
    expect(isAllowedLink('ftp://example.com')).toBe(false);
    expect(isAllowedLink('example.com')).toBe(false);
  });
  it('refuses files the server would refuse before uploading them', () => {
    expect(imageFileProblem({ type: 'image/png', size: 1024 })).toBeNull();
    expect(imageFileProblem({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull();
    expect(imageFileProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('size');
    expect(imageFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(imageFileProblem({ type: 'application/pdf', size: 10 })).toBe('type');
  });
});

describe('<RichTextEditor>', () => {
  it('is a labelled, multi-line text box with a labelled toolbar', () => {
    const { editor } = renderEditor({ value: '<p>Hello <strong>world</strong></p>' });
    expect(editor).toHaveAttribute('aria-multiline', 'true');
    expect(editor.querySelector('strong')).toHaveTextContent('world');
    const toolbar = screen.getByRole('toolbar', { name: '描述编辑工具栏' });
    for (const name of ['加粗', '斜体', '标题 1', '标题 2', '标题 3', '无序列表', '有序列表', '链接', '撤销', '重做']) {
      expect(within(toolbar).getByRole('button', { name })).toBeInTheDocument();
    }
    // no upload function, no image button
    expect(within(toolbar).queryByRole('button', { name: '插入图片' })).toBeNull();
  });

  it('asks before inserting Word HTML; Clean gives the cleaned structure', async () => {
    const user = userEvent.setup();
    const { editor, last } = renderEditor();
    paste(editor, WORD, 'Notes');
    const ask = await screen.findByRole('dialog');
    expect(ask).toHaveTextContent('检测到从 Word 粘贴的内容');
    expect(last()).toBe(''); // nothing inserted yet
    await user.click(within(ask).getByRole('button', { name: '清除格式' }));
    await waitFor(() => expect(last()).toBe('<p><strong>Notes</strong></p><ol><li><p>Switch off</p></li></ol>'));
  });

  it('Keep inserts the formatted HTML as the editor reads it (alignment kept, the drawn number too)', async () => {
    const user = userEvent.setup();
    const { editor, last } = renderEditor();
    paste(editor, WORD, 'Notes');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '保留格式' }));
    await waitFor(() => expect(last()).toContain('<p style="text-align: center;"><strong>Notes</strong></p>'));
    expect(last()).toContain('1.');
    expect(last()).not.toMatch(/Mso|o:p|<ol>/);
  });

  it('pastes other HTML without asking', async () => {
    const { editor, last } = renderEditor();
    paste(editor, '<p>From a <b>web page</b></p>', 'From a web page');
    await waitFor(() => expect(last()).toContain('<strong>web page</strong>'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('uploads a chosen image and inserts its address; refuses a wrong file clearly', async () => {
    const upload = vi.fn(async () => '/api/files/abc123');
    const { container, last } = renderEditor({ onUploadImage: upload });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.accept).toBe('image/png,image/jpeg,image/gif,image/webp');

    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'manual.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('“manual.pdf”不是 PNG、JPEG、GIF 或 WebP 图片');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('图片“big.png”超过 5 MB，不能上传');
    expect(upload).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { files: [new File([new Uint8Array([0x89, 0x50])], 'ok.png', { type: 'image/png' })] } });
    await waitFor(() => expect(last()).toContain('<img src="/api/files/abc123" alt="ok.png">'));
    expect(upload).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's refusal of an upload", async () => {
    const upload = vi.fn(async () => {
      throw new ApiError('数据校验失败', 422, { code: 42200, msg: '数据校验失败', errors: [{ field: 'file', msg: '只能上传 PNG、JPEG、GIF 或 WebP 图片' }] });
    });
    const { container } = renderEditor({ onUploadImage: upload });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['x'], 'x.png', { type: 'image/png' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('图片上传失败：只能上传 PNG、JPEG、GIF 或 WebP 图片');
  });

  it('uploads an image pasted as a file (a screenshot) instead of inserting its bytes', async () => {
    const upload = vi.fn(async () => '/api/files/shot1');
    const { editor, last } = renderEditor({ onUploadImage: upload });
    const shot = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'image.png', { type: 'image/png' });
    fireEvent.paste(editor, { clipboardData: { getData: () => '', files: [shot], types: ['Files'] } });
    await waitFor(() => expect(last()).toContain('<img src="/api/files/shot1" alt="image.png">'));
    expect(upload).toHaveBeenCalledWith(shot);
  });
});
