/**
 * HTML pasted from Microsoft Word (docs/product.md §5: the editor offers "Clean" or "Keep"). Pure
 * functions over strings; the DOM work uses DOMParser on a detached document, so nothing pasted is
 * ever attached to the page or run.
 */

const WORD_MARKERS: readonly RegExp[] = [
  /urn:schemas-microsoft-com:office/i,
  /<meta[^>]+content=["']?Word\.Document/i,
  /class=["']?Mso/i,
  /style=["'][^"']*\bmso-[a-z-]+\s*:/i,
  /<o:p[\s>/]/i,
  /<w:WordDocument/i,
  /<!--\[if\s[^\]]*(?:mso|supportLists|gte vml)/i,
];

/** Whether clipboard HTML comes from Word (its namespaces, Mso classes, mso- styles, <o:p>, conditional comments). */
export function isWordHtml(html: string | null | undefined): boolean {
  if (!html) return false;
  return WORD_MARKERS.some((marker) => marker.test(html));
}

/**
 * The pasted part of a clipboard HTML document: between <!--StartFragment--> and <!--EndFragment-->
 * when the browser marked it, else the body. Used by both choices (the clipboard's <head> and
 * <style> are never content).
 */
export function clipboardFragment(html: string): string {
  const start = html.indexOf('<!--StartFragment-->');
  const end = html.indexOf('<!--EndFragment-->');
  if (start >= 0 && end > start) return html.slice(start + '<!--StartFragment-->'.length, end);
  const body = /<body[^>]*>([\s\S]*?)(<\/body>|$)/i.exec(html);
  return body ? body[1] : html;
}

/** Elements dropped with everything inside them. */
const DROP = new Set([
  'head',
  'style',
  'script',
  'noscript',
  'template',
  'meta',
  'link',
  'title',
  'xml',
  'object',
  'embed',
  'iframe',
  'img',
  'svg',
  'math',
  'input',
  'button',
  'select',
  'textarea',
]);

/** Elements that hold blocks of their own; unwrapped, each child block kept apart. */
const CONTAINERS = new Set([
  'html',
  'body',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
  'center',
  'blockquote',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'caption',
  'dl',
  'dt',
  'dd',
  'address',
  'figure',
  'figcaption',
  'pre',
]);

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

function styleOf(el: Element): string {
  return (el.getAttribute('style') ?? '').toLowerCase();
}

/** One CSS property of an inline style (mso-bidi-font-weight is not font-weight). */
function cssValue(style: string, property: string): string | null {
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon > 0 && declaration.slice(0, colon).trim() === property) return declaration.slice(colon + 1).trim();
  }
  return null;
}

function classOf(el: Element): string {
  return el.getAttribute('class') ?? '';
}

/** A tag's local name without Word's namespace prefix handling surprises: o:p, v:shape, w:sdt. */
function tagOf(el: Element): string {
  return el.tagName.toLowerCase();
}

function isNamespaced(tag: string): boolean {
  return tag.includes(':');
}

/** Word's hidden list marker (the bullet or number it draws itself): <span style="mso-list:Ignore">. */
function isListMarker(el: Element): boolean {
  return /mso-list:\s*ignore/.test(styleOf(el));
}

function safeHref(href: string | null): string | null {
  if (!href) return null;
  const value = href.trim();
  return /^(https?:|mailto:)/i.test(value) ? value : null;
}

interface WordListInfo {
  level: number;
  ordered: boolean;
}

/** The numbers and letters Word draws in front of a numbered item: 1.  a)  iv.  (2)  一、 */
const ORDERED_MARKER = /^\(?([0-9]+|[a-z]{1,3}|[一二三四五六七八九十]+)[.)、]/i;

/**
 * A paragraph Word made a list item: class MsoListParagraph* or a `mso-list: l0 level2 lfo1` style.
 * Ordered when its hidden marker is a number or letter.
 */
function wordListInfo(el: Element): WordListInfo | null {
  if (tagOf(el) !== 'p') return null;
  const style = styleOf(el);
  const list = /mso-list:\s*l\d+\s+level(\d+)/.exec(style);
  if (!list && !/MsoListParagraph/i.test(classOf(el))) return null;
  if (/mso-list:\s*none/.test(style)) return null;
  const level = list ? Math.max(1, Math.min(9, Number(list[1]))) : 1;
  const marker = [...el.querySelectorAll('span')].find(isListMarker);
  const text = (marker?.textContent ?? '').replace(/\u00a0/g, ' ').trim();
  return { level, ordered: ORDERED_MARKER.test(text) };
}

/** Text as HTML would show it: runs of white space (Word wraps its source lines) become one space. */
function collapse(text: string): string {
  return text.replace(/[\r\n\t ]+/g, ' ');
}

function hasText(nodes: readonly Node[]): boolean {
  return nodes.some((n) => (n.textContent ?? '').replace(/\u00a0/g, ' ').trim() !== '' || (n as Element).tagName === 'BR');
}

/** Inline children of an element, cleaned: bold, italic, links and line breaks kept, all else unwrapped. */
function cleanInline(doc: Document, node: Node): Node[] {
  if (node.nodeType === Node.TEXT_NODE) {
    const text = collapse(node.textContent ?? '');
    return text ? [doc.createTextNode(text)] : [];
  }
  if (node.nodeType !== Node.ELEMENT_NODE) return []; // comments, conditional comments, processing instructions
  const el = node as Element;
  const tag = tagOf(el);
  if (DROP.has(tag) || isNamespaced(tag) || isListMarker(el)) return []; // o:p, v:shape, w:* and Word's list marker
  if (tag === 'br') return [doc.createElement('br')];
  const children = [...el.childNodes].flatMap((child) => cleanInline(doc, child));
  const style = styleOf(el);
  const wrap = (name: string, inner: Node[]): Node[] => {
    if (!hasText(inner)) return inner;
    const out = doc.createElement(name);
    out.append(...inner);
    return [out];
  };
  if (tag === 'a') {
    const href = safeHref(el.getAttribute('href'));
    if (!href) return children; // Word's bookmarks (<a name="_Toc...">) and unsafe links
    const link = doc.createElement('a');
    link.setAttribute('href', href);
    link.append(...children);
    return hasText(children) ? [link] : [];
  }
  const weight = cssValue(style, 'font-weight') ?? '';
  const fontStyle = cssValue(style, 'font-style') ?? '';
  if ((tag === 'b' || tag === 'strong') && !/^(normal|[1-4]00)$/.test(weight)) return wrap('strong', children);
  if ((tag === 'i' || tag === 'em') && fontStyle !== 'normal') return wrap('em', children);
  let out = children;
  if (tag === 'span' || tag === 'font') {
    if (/^(bold|bolder|[6-9]00)$/.test(weight)) out = wrap('strong', out);
    if (fontStyle === 'italic') out = wrap('em', out);
  }
  return out;
}

/** Builds the cleaned blocks: paragraphs, headings, lists (nested by Word's levels). */
class BlockBuilder {
  readonly blocks: Element[] = [];
  private inline: Node[] = [];
  private lists: { list: Element; lastItem: Element | null; ordered: boolean }[] = [];

  constructor(private readonly doc: Document) {}

  /** Loose inline content (text directly in a cell or a div) becomes a paragraph of its own. */
  addInline(nodes: Node[]) {
    this.inline.push(...nodes);
  }

  /** Ends the loose inline run and any Word list in progress. */
  flush() {
    this.flushInline();
    this.lists = [];
  }

  private flushInline() {
    const nodes = trimEdges(this.inline);
    this.inline = [];
    if (!hasText(nodes)) return;
    const p = this.doc.createElement('p');
    p.append(...nodes);
    this.blocks.push(p);
  }

  addBlock(tag: string, content: Node[]) {
    this.flush();
    const nodes = trimEdges(content);
    if (!hasText(nodes)) return; // Word's empty paragraphs (<p><o:p>&nbsp;</o:p></p>)
    const block = this.doc.createElement(tag);
    block.append(...nodes);
    this.blocks.push(block);
  }

  addList(list: Element) {
    this.flush();
    if (list.childNodes.length > 0) this.blocks.push(list);
  }

  /** One of Word's list paragraphs: joins the list open at its level, or opens one. */
  addWordListItem({ level, ordered }: WordListInfo, content: Node[]) {
    this.flushInline();
    const nodes = trimEdges(content);
    if (!hasText(nodes)) return;
    while (this.lists.length > level) this.lists.pop();
    const top = this.lists[this.lists.length - 1];
    if (this.lists.length === level && top.ordered !== ordered) this.lists.pop();
    while (this.lists.length < level) {
      const list = this.doc.createElement(ordered ? 'ol' : 'ul');
      const parent = this.lists[this.lists.length - 1];
      if (parent) {
        let holder = parent.lastItem;
        if (!holder) {
          holder = this.doc.createElement('li');
          parent.list.append(holder);
          parent.lastItem = holder;
        }
        holder.append(list);
      } else {
        this.blocks.push(list);
      }
      this.lists.push({ list, lastItem: null, ordered });
    }
    const current = this.lists[this.lists.length - 1];
    const item = this.doc.createElement('li');
    const p = this.doc.createElement('p');
    p.append(...nodes);
    item.append(p);
    current.list.append(item);
    current.lastItem = item;
  }
}

/** Leading and trailing spaces of a block's inline content removed (Word indents with &nbsp;). */
function trimEdges(nodes: Node[]): Node[] {
  const out = [...nodes];
  const trim = (node: Node | undefined, side: 'start' | 'end') => {
    if (!node || node.nodeType !== Node.TEXT_NODE) return;
    const text = node.textContent ?? '';
    node.textContent = side === 'start' ? text.replace(/^[\s\u00a0]+/, '') : text.replace(/[\s\u00a0]+$/, '');
  };
  while (out.length > 0 && (out[out.length - 1] as Element).tagName === 'BR') out.pop();
  trim(out[0], 'start');
  trim(out[out.length - 1], 'end');
  return out.filter((n) => n.nodeType !== Node.TEXT_NODE || (n.textContent ?? '') !== '');
}

/** A real list (<ul>/<ol>) cleaned: its items' text, nested lists kept. */
function cleanList(doc: Document, el: Element): Element {
  const list = doc.createElement(tagOf(el) === 'ol' ? 'ol' : 'ul');
  for (const child of el.children) {
    if (tagOf(child) !== 'li') continue;
    const item = doc.createElement('li');
    let inline: Node[] = [];
    const flushInline = () => {
      const nodes = trimEdges(inline);
      inline = [];
      if (!hasText(nodes)) return;
      const p = doc.createElement('p');
      p.append(...nodes);
      item.append(p);
    };
    for (const node of child.childNodes) {
      const tag = node.nodeType === Node.ELEMENT_NODE ? tagOf(node as Element) : '';
      if (tag === 'ul' || tag === 'ol') {
        flushInline();
        item.append(cleanList(doc, node as Element));
      } else if (tag === 'p' || HEADINGS.has(tag) || tag === 'div') {
        flushInline();
        inline = cleanInline(doc, node);
        flushInline();
      } else {
        inline.push(...cleanInline(doc, node));
      }
    }
    flushInline();
    if (item.childNodes.length > 0) list.append(item);
  }
  return list;
}

function walk(doc: Document, node: Node, out: BlockBuilder) {
  if (node.nodeType === Node.TEXT_NODE) {
    out.addInline(cleanInline(doc, node));
    return;
  }
  if (node.nodeType !== Node.ELEMENT_NODE) return;
  const el = node as Element;
  const tag = tagOf(el);
  if (DROP.has(tag) || isNamespaced(tag)) return; // o:p, v:shape, w:*
  const list = wordListInfo(el);
  if (list) {
    out.addWordListItem(list, cleanInline(doc, el));
    return;
  }
  if (HEADINGS.has(tag)) {
    out.addBlock(tag, cleanInline(doc, el));
    return;
  }
  if (tag === 'p' || tag === 'li') {
    const cls = classOf(el);
    const heading = /MsoTitle\b/i.test(cls) ? 'h1' : /MsoSubtitle\b/i.test(cls) ? 'h2' : 'p';
    out.addBlock(heading, cleanInline(doc, el));
    return;
  }
  if (tag === 'ul' || tag === 'ol') {
    out.addList(cleanList(doc, el));
    return;
  }
  if (tag === 'br' || tag === 'hr') {
    out.flush();
    return;
  }
  if (CONTAINERS.has(tag)) {
    out.flush();
    for (const child of el.childNodes) walk(doc, child, out);
    out.flush();
    return;
  }
  out.addInline(cleanInline(doc, el));
}

/**
 * "Clean": the text structure of Word's HTML and nothing else. Paragraphs, headings (Word's Title and
 * Subtitle styles as h1 / h2), lists (Word's list paragraphs made real nested <ul>/<ol>, its drawn
 * bullets dropped), bold, italic, line breaks and http(s)/mailto links. Classes, styles, comments,
 * conditional comments, <o:p>, VML, images, fonts, spans and empty paragraphs go.
 */
export function cleanWordHtml(html: string): string {
  // Word's own list marker sits in a supportLists conditional (downlevel-revealed or commented):
  // mark it like the hidden span it usually is, so that the list type is read and the marker dropped.
  // Other conditional comments are comments to the parser and go; <![if ...]> markers too.
  const source = clipboardFragment(html)
    .replace(/<!\[if !supportLists\]>([\s\S]*?)<!\[endif\]>/gi, '<span style="mso-list:Ignore">$1</span>')
    .replace(/<!--\[if !supportLists\]-->([\s\S]*?)<!--\[endif\]-->/gi, '<span style="mso-list:Ignore">$1</span>');
  const parsed = new DOMParser().parseFromString(`<!DOCTYPE html><html><body>${source}</body></html>`, 'text/html');
  const out = new BlockBuilder(parsed);
  for (const child of [...parsed.body.childNodes]) walk(parsed, child, out);
  out.flush();
  const holder = parsed.createElement('div');
  holder.append(...out.blocks);
  return holder.innerHTML;
}
