import { describe, expect, it } from 'vitest';
import { isSafeChatLink } from './chat-link-safety.ts';

describe('isSafeChatLink', () => {
  it.each([
    ['https://app.nextchat.dev/#/?settings={"key":"{key}"}', true],
    ['http://localhost:3000/?key={key}', true],
    ['ama://set-api-key?server={address}&key={key}', true],
    ['opencat://team/join?domain={address}&token={key}', true],
    ['javascript:alert(document.cookie)', false],
    ['JavaScript:alert(1)', false],
    [' \tjava\nscript:alert(1)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['vbscript:msgbox(1)', false],
    ['file:///etc/passwd', false],
    ['/relative/path?key={key}', false],
    ['', false],
  ])('%j → %s', (link, safe) => {
    expect(isSafeChatLink(link)).toBe(safe);
  });
});
