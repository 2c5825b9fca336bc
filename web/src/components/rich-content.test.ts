import { describe, expect, it } from 'vitest';
import { classifyContent, markdownToSafeHtml, sanitizeHtml } from './rich-content.ts';

describe('classifyContent', () => {
  it('treats blank content as not set', () => {
    expect(classifyContent('')).toEqual({ kind: 'empty' });
    expect(classifyContent('   \n')).toEqual({ kind: 'empty' });
    expect(classifyContent(undefined)).toEqual({ kind: 'empty' });
  });

  it('frames a https:// address', () => {
    expect(classifyContent(' https://status.example.com/page ')).toEqual({
      kind: 'frame',
      url: 'https://status.example.com/page',
    });
  });

  it('renders anything else as Markdown, including plain http addresses', () => {
    const view = classifyContent('# Title\n\nSome **bold** text');
    expect(view.kind).toBe('html');
    if (view.kind === 'html') {
      expect(view.html).toContain('<h1');
      expect(view.html).toContain('<strong>bold</strong>');
    }
    expect(classifyContent('http://insecure.example').kind).toBe('html');
  });
});

describe('sanitizing', () => {
  it('removes scripts and event handlers', () => {
    const html = sanitizeHtml(
      '<p onclick="steal()">hi</p><script>steal()</script><img src=x onerror="steal()">',
    );
    expect(html).not.toContain('script');
    expect(html).not.toContain('onclick');
    expect(html).not.toContain('onerror');
    expect(html).toContain('<p>hi</p>');
  });

  it('keeps HTML embedded in Markdown but drops javascript: links', () => {
    const html = markdownToSafeHtml(
      '<a href="https://ok.example" target="_blank">ok</a> [x](javascript:alert(1))',
    );
    expect(html).toContain('href="https://ok.example"');
    expect(html).toContain('target="_blank"');
    expect(html).not.toContain('javascript:');
  });
});
