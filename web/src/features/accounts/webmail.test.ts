import { describe, expect, it } from 'vitest';
import { mailboxLink } from './webmail';

describe('mailboxLink', () => {
  it('opens the known webmail of the address domain', () => {
    expect(mailboxLink('Anne@Gmail.com')).toEqual({ href: 'https://mail.google.com/', provider: 'Gmail' });
    expect(mailboxLink('jan@telenet.be').href).toBe('https://webmail.telenet.be/');
    expect(mailboxLink('p@skynet.be').href).toBe('https://webmail.proximus.be/');
    expect(mailboxLink('x@hotmail.be').provider).toBe('Outlook');
    expect(mailboxLink('x@proton.me').provider).toBe('Proton Mail');
    expect(mailboxLink('x@yahoo.fr').provider).toBe('Yahoo Mail');
  });

  it('falls back to the mail app for other domains', () => {
    expect(mailboxLink('pharmacie@example.be')).toEqual({ href: 'mailto:', provider: null });
    expect(mailboxLink('not-an-email')).toEqual({ href: 'mailto:', provider: null });
  });
});
