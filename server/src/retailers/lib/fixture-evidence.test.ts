import { describe, expect, it } from 'vitest';
import { allFixtures } from './fixture';

// A saved page is only as good as what it was shaped on: each one says so in its first line
// (a capture and its date, or the scraper or platform it was shaped on, or that it is a guess).
describe('retailer fixtures', () => {
  it.each(allFixtures())('%s starts with a comment naming its evidence', (_name, text) => {
    expect(text).toMatch(/^<!-- evidence: [^\n]{20,} -->\n/);
  });
});
