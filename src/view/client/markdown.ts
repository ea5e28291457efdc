/// <reference lib="dom" />
/**
 * Memory text rendered as Markdown: the one place the viewer's page sets innerHTML, so it is a
 * security boundary (memory text is hostile). markdown-it renders with raw HTML off, links only to
 * http(s) and mailto, and images shown as the text that was written (nothing remote loads); DOMPurify
 * then keeps a short list of tags with only href and title, and every link opens apart from the page
 * (rel noopener noreferrer nofollow, target _blank). The Content-Security-Policy is the second wall.
 */
import MarkdownIt from 'markdown-it';
import DOMPurify from 'dompurify';
import { h } from './dom.js';

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
md.validateLink = (url: string) => /^(https?:|mailto:)/i.test(url.trim());
// Images show as the text that was written (`![alt](url)`): nothing remote loads. (With the image rule
// off instead, markdown-it reads `![alt](url)` as "!" and a link, which is not what the docs promise.)
md.renderer.rules.image = (tokens, idx) => {
  const t = tokens[idx];
  const title = t.attrGet('title');
  return md.utils.escapeHtml(`![${t.content}](${t.attrGet('src') ?? ''}${title ? ` "${title}"` : ''})`);
};
const ALLOWED_TAGS = ['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'em', 'strong', 's', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td'];
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    const href = node.getAttribute('href') ?? '';
    if (!/^(https?:|mailto:)/i.test(href)) node.removeAttribute('href');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
    node.setAttribute('target', '_blank');
  }
});
export function renderMarkdown(text: string): HTMLElement {
  const clean = DOMPurify.sanitize(md.render(text), { ALLOWED_TAGS, ALLOWED_ATTR: ['href', 'title'], ALLOW_DATA_ATTR: false, ALLOW_ARIA_ATTR: false, RETURN_TRUSTED_TYPE: false }) as unknown as string;
  const box = h('div', { class: 'markdown' });
  box.innerHTML = clean;
  return box;
}
