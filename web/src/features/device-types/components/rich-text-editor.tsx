import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { EditorContent, Extension, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Alert, Button, Divider, Form, Input, Modal, Space, Tooltip } from 'antd';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { isApiError } from '@/lib/request';

import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '../api/upload-image';

import { cleanWordHtml, clipboardFragment, isWordHtml } from './word-paste';

const ALIGNMENTS = ['right', 'center', 'justify'];

/**
 * Paragraph and heading alignment (the one style the server keeps: `text-align` on p and h1–h4), so
 * that "Keep" keeps a centred Word title. The toolbar offers no alignment of its own.
 */
const TextAlignAttribute = Extension.create({
  name: 'textAlignAttribute',
  addGlobalAttributes() {
    return [
      {
        types: ['paragraph', 'heading'],
        attributes: {
          textAlign: {
            default: null,
            parseHTML: (element: HTMLElement) => (ALIGNMENTS.includes(element.style.textAlign) ? element.style.textAlign : null),
            renderHTML: (attributes: Record<string, unknown>) =>
              typeof attributes.textAlign === 'string' ? { style: `text-align: ${attributes.textAlign}` } : {},
          },
        },
      },
    ];
  },
});

/** Links the server keeps: http(s) and mailto. */
export function isAllowedLink(url: string): boolean {
  return /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i.test(url.trim());
}

/** Why a file cannot be uploaded before sending it (the server sniffs the bytes again): 'type', 'size' or null. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): 'type' | 'size' | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > MAX_IMAGE_BYTES) return 'size';
  return null;
}

const EDITOR_CSS = `
.irgas-rte { border: 1px solid #d9d9d9; border-radius: 6px; background: #fff; }
.irgas-rte:focus-within { border-color: #3f85f5; box-shadow: 0 0 0 2px rgba(63, 133, 245, 0.15); }
.irgas-rte.irgas-rte-error { border-color: #ff4d4f; }
.irgas-rte-toolbar { display: flex; flex-wrap: wrap; align-items: center; gap: 2px; padding: 4px 6px; border-bottom: 1px solid #f0f0f0; }
.irgas-rte-toolbar .ant-btn[aria-pressed='true'] { background: #e6f0fe; color: #3f85f5; }
.irgas-rte .ProseMirror { min-height: 160px; max-height: 420px; overflow-y: auto; padding: 8px 11px; outline: none; overflow-wrap: anywhere; }
.irgas-rte .ProseMirror > :first-child { margin-top: 0; }
.irgas-rte .ProseMirror p { margin: 0 0 8px; }
.irgas-rte .ProseMirror img { max-width: 100%; height: auto; }
.irgas-rte .ProseMirror img.ProseMirror-selectednode { outline: 2px solid #3f85f5; }
.irgas-rte .ProseMirror ul, .irgas-rte .ProseMirror ol { padding-left: 24px; }
.irgas-rte .ProseMirror a { color: #3f85f5; text-decoration: underline; }
`;

interface RichTextEditorProps {
  /** HTML; '' for nothing. Form.Item gives it. */
  value?: string;
  onChange?: (html: string) => void;
  /** The id of the editable area (Form.Item gives the field's id). */
  id?: string;
  /** The element naming the editor (its label): the editable area is labelled by it, and a click on it focuses the editor. */
  labelId?: string;
  /** Used when there is no visible label. */
  ariaLabel?: string;
  disabled?: boolean;
  /** Marks the frame red (the field has an error). */
  invalid?: boolean;
  /** Uploads an image and answers the address to show; without it the editor offers no image button. */
  onUploadImage?: (file: File) => Promise<string>;
  placeholder?: string;
}

function ToolbarButton({
  label,
  icon,
  active,
  disabled,
  onClick,
  loading,
  controls,
}: {
  label: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  loading?: boolean;
  onClick: () => void;
  controls?: string;
}) {
  return (
    <Tooltip title={label} mouseEnterDelay={0.6}>
      <Button
        type="text"
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={active === undefined ? undefined : active}
        aria-controls={controls}
        disabled={disabled}
        loading={loading}
        // keep the editor's selection: a click on the toolbar must not blur it first
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

function LinkDialog({ editor, open, onClose }: { editor: Editor; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ url: string }>();
  const current = editor.getAttributes('link').href as string | undefined;

  useEffect(() => {
    if (open) form.setFieldsValue({ url: current ?? '' });
  }, [open, current, form]);

  const apply = ({ url }: { url: string }) => {
    const href = (url ?? '').trim();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (!href) {
      chain.unsetLink().run();
    } else if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      chain.setLink({ href }).run();
    }
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('deviceType.editor.linkTitle')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={420}
      footer={(originNode) => (
        <Space>
          {current && (
            <Button
              danger
              onClick={() => {
                editor.chain().focus().extendMarkRange('link').unsetLink().run();
                onClose();
              }}
            >
              {t('deviceType.editor.linkRemove')}
            </Button>
          )}
          {originNode}
        </Space>
      )}
    >
      <Form form={form} name="richTextLink" layout="vertical" onFinish={apply}>
        <Form.Item
          name="url"
          label={t('deviceType.editor.linkUrl')}
          rules={[
            {
              validator: async (_rule, value: unknown) => {
                const text = typeof value === 'string' ? value.trim() : '';
                if (text && !isAllowedLink(text)) throw new Error(t('deviceType.editor.linkInvalid'));
              },
            },
          ]}
        >
          <Input placeholder={t('deviceType.editor.linkPlaceholder')} autoFocus maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The rich-text editor of descriptions (TipTap 3): bold, italic, headings, lists, links, images
 * (uploaded, then inserted by address), undo/redo. HTML pasted from Word asks whether to clean it
 * (cleanWordHtml) or keep it. Works as an antd form control (value / onChange / id).
 */
export function RichTextEditor({
  value,
  onChange,
  id,
  labelId,
  ariaLabel,
  disabled,
  invalid,
  onUploadImage,
  placeholder,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const fallbackId = useId();
  const editorId = id ?? `rte-${fallbackId}`;
  const fileInput = useRef<HTMLInputElement>(null);
  const lastEmitted = useRef(value ?? '');
  const [wordHtml, setWordHtml] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const uploadRef = useRef<(file: File) => void>(() => undefined);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3, 4] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto'] },
      }),
      Image.configure({ inline: false, allowBase64: false }),
      TextAlignAttribute,
    ],
    content: value ?? '',
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editable: !disabled,
    editorProps: {
      attributes: {
        id: editorId,
        role: 'textbox',
        'aria-multiline': 'true',
        ...(labelId ? { 'aria-labelledby': labelId } : {}),
        ...(ariaLabel ? { 'aria-label': ariaLabel } : {}),
        ...(placeholder ? { 'aria-placeholder': placeholder } : {}),
      },
      handlePaste: (_view, event) => {
        const data = event.clipboardData;
        if (!data) return false;
        const html = data.getData('text/html');
        if (isWordHtml(html)) {
          setWordHtml(html);
          return true;
        }
        const images = [...data.files].filter((file) => file.type.startsWith('image/'));
        if (!html && images.length > 0) {
          images.forEach((file) => uploadRef.current(file));
          return true;
        }
        return false;
      },
      handleDrop: (_view, event) => {
        const images = [...(event.dataTransfer?.files ?? [])].filter((file) => file.type.startsWith('image/'));
        if (images.length === 0) return false;
        event.preventDefault();
        images.forEach((file) => uploadRef.current(file));
        return true;
      },
    },
    onUpdate: ({ editor: current }) => {
      // the empty paragraph the editor keeps after a final list or image is not content
      const html = current.isEmpty ? '' : current.getHTML().replace(/(<p><\/p>)+$/, '');
      lastEmitted.current = html;
      onChangeRef.current?.(html);
    },
  });

  // A value set from outside (the form's reset, another record) replaces the content.
  useEffect(() => {
    const next = value ?? '';
    if (next === lastEmitted.current) return;
    lastEmitted.current = next;
    editor.commands.setContent(next, { emitUpdate: false });
  }, [value, editor]);

  useEffect(() => {
    editor.setEditable(!disabled, false);
  }, [disabled, editor]);

  // The label is not a <label for> of a form control: a click on it focuses the editor.
  useEffect(() => {
    if (!labelId) return;
    const label = document.getElementById(labelId);
    if (!label) return;
    const focus = () => editor.commands.focus('end');
    label.addEventListener('click', focus);
    return () => label.removeEventListener('click', focus);
  }, [labelId, editor]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });

  const upload = async (file: File) => {
    if (!onUploadImage) return;
    const problem = imageFileProblem(file);
    if (problem) {
      setUploadError(t(problem === 'size' ? 'deviceType.editor.imageTooLarge' : 'deviceType.editor.imageBadType', { name: file.name }));
      return;
    }
    setUploadError(null);
    setUploading(true);
    try {
      const src = await onUploadImage(file);
      editor.chain().focus().setImage({ src, alt: file.name }).run();
    } catch (error) {
      const detail = isApiError(error) && error.errors.length > 0 ? error.errors.map((e) => e.msg).join('；') : (error as Error).message;
      setUploadError(t('deviceType.editor.uploadFailed', { message: detail }));
    } finally {
      setUploading(false);
    }
  };
  uploadRef.current = (file) => void upload(file);

  const choosePaste = (clean: boolean) => {
    const html = wordHtml;
    setWordHtml(null);
    if (!html) return;
    const content = clean ? cleanWordHtml(html) : clipboardFragment(html);
    editor.chain().focus().insertContent(content, { parseOptions: { preserveWhitespace: false } }).run();
  };

  const off = disabled === true;
  const chain = () => editor.chain().focus();
  return (
    <div className={`irgas-rte${invalid ? ' irgas-rte-error' : ''}`}>
      <style>{EDITOR_CSS}</style>
      <div className="irgas-rte-toolbar" role="toolbar" aria-label={t('deviceType.editor.toolbar')} aria-controls={editorId}>
        <ToolbarButton label={t('deviceType.editor.bold')} icon={<BoldOutlined />} active={state.bold} disabled={off} onClick={() => chain().toggleBold().run()} />
        <ToolbarButton
          label={t('deviceType.editor.italic')}
          icon={<ItalicOutlined />}
          active={state.italic}
          disabled={off}
          onClick={() => chain().toggleItalic().run()}
        />
        <Divider orientation="vertical" />
        {([1, 2, 3] as const).map((level) => (
          <ToolbarButton
            key={level}
            label={t('deviceType.editor.heading', { level })}
            icon={<span style={{ fontWeight: 600, fontSize: 12 }}>H{level}</span>}
            active={state[`h${level}`]}
            disabled={off}
            onClick={() => chain().toggleHeading({ level }).run()}
          />
        ))}
        <Divider orientation="vertical" />
        <ToolbarButton
          label={t('deviceType.editor.bulletList')}
          icon={<UnorderedListOutlined />}
          active={state.bulletList}
          disabled={off}
          onClick={() => chain().toggleBulletList().run()}
        />
        <ToolbarButton
          label={t('deviceType.editor.orderedList')}
          icon={<OrderedListOutlined />}
          active={state.orderedList}
          disabled={off}
          onClick={() => chain().toggleOrderedList().run()}
        />
        <ToolbarButton label={t('deviceType.editor.link')} icon={<LinkOutlined />} active={state.link} disabled={off} onClick={() => setLinkOpen(true)} />
        {onUploadImage && (
          <ToolbarButton
            label={t('deviceType.editor.image')}
            icon={<PictureOutlined />}
            disabled={off}
            loading={uploading}
            onClick={() => fileInput.current?.click()}
          />
        )}
        <Divider orientation="vertical" />
        <ToolbarButton label={t('deviceType.editor.undo')} icon={<UndoOutlined />} disabled={off || !state.canUndo} onClick={() => chain().undo().run()} />
        <ToolbarButton label={t('deviceType.editor.redo')} icon={<RedoOutlined />} disabled={off || !state.canRedo} onClick={() => chain().redo().run()} />
        {onUploadImage && (
          <input
            ref={fileInput}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            style={{ display: 'none' }}
            aria-hidden
            tabIndex={-1}
            data-testid="rich-text-image-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void upload(file);
            }}
          />
        )}
      </div>
      <div aria-live="polite" className="sr-only" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {uploading ? t('deviceType.editor.uploading') : ''}
      </div>
      {uploadError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={uploadError}
          closable={{ onClose: () => setUploadError(null) }}
          style={{ margin: '6px 8px 0' }}
        />
      )}
      <EditorContent editor={editor} />
      <LinkDialog editor={editor} open={linkOpen} onClose={() => setLinkOpen(false)} />
      <Modal
        open={wordHtml !== null}
        title={t('deviceType.editor.wordTitle')}
        onCancel={() => setWordHtml(null)}
        width={460}
        footer={[
          <Button key="keep" onClick={() => choosePaste(false)}>
            {t('deviceType.editor.wordKeep')}
          </Button>,
          <Button key="clean" type="primary" onClick={() => choosePaste(true)} autoFocus>
            {t('deviceType.editor.wordClean')}
          </Button>,
        ]}
      >
        {t('deviceType.editor.wordContent')}
      </Modal>
    </div>
  );
}
