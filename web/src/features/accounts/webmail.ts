/** Webmail inboxes of the providers Belgian users most often have; anything else opens the mail app. */
const WEBMAILS: { domains: readonly string[]; url: string; name: string }[] = [
  { domains: ['gmail.com', 'googlemail.com'], url: 'https://mail.google.com/', name: 'Gmail' },
  {
    domains: [
      'outlook.com',
      'outlook.be',
      'outlook.fr',
      'hotmail.com',
      'hotmail.be',
      'hotmail.fr',
      'live.com',
      'live.be',
      'live.fr',
      'msn.com',
    ],
    url: 'https://outlook.live.com/mail/',
    name: 'Outlook',
  },
  { domains: ['yahoo.com', 'yahoo.fr', 'yahoo.be', 'ymail.com'], url: 'https://mail.yahoo.com/', name: 'Yahoo Mail' },
  { domains: ['proton.me', 'protonmail.com', 'pm.me'], url: 'https://mail.proton.me/', name: 'Proton Mail' },
  { domains: ['skynet.be', 'proximus.be'], url: 'https://webmail.proximus.be/', name: 'Proximus Webmail' },
  { domains: ['telenet.be'], url: 'https://webmail.telenet.be/', name: 'Telenet Webmail' },
];

export interface MailboxLink {
  href: string;
  /** Provider name when a known webmail was matched, else null (the device's mail app). */
  provider: string | null;
}

export function mailboxLink(email: string): MailboxLink {
  const domain = email.trim().toLowerCase().split('@')[1] ?? '';
  const match = WEBMAILS.find((w) => w.domains.includes(domain));
  return match ? { href: match.url, provider: match.name } : { href: 'mailto:', provider: null };
}
