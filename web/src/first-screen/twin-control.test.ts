import { afterEach, describe, expect, it } from 'vitest';
import { twinKey, twinsOf } from './twin-control';

// The drawn page's replay and the takeover's both find a control's twin through this one key.
afterEach(() => {
  document.body.innerHTML = '';
});

function page(html: string) {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  return document.getElementById('root')!;
}

describe('a control and its twin', () => {
  it('are known by what they show and do, the text laid out either way, never by a test id', () => {
    const drawn = page('<button type="button" data-testid="a">Add to\n    basket</button>').querySelector('button')!;
    const app = page('<button type="button" data-testid="b">Add to basket</button>');
    expect(twinsOf(app, twinKey(drawn))).toEqual([app.querySelector('button')]);
  });

  it('tell two links with the same text apart by where they lead', () => {
    const root = page('<a href="/en/faq">Help</a><a href="/en/pro">Help</a>');
    const faq = root.querySelector('a')!;
    expect(twinsOf(root, twinKey(faq))).toEqual([faq]);
  });

  it('leave out what is not a control, and give every twin when there are several', () => {
    const root = page('<div>Add</div><span role="button">Add</span><span role="button">Add</span>');
    const twins = twinsOf(root, twinKey(root.querySelector('[role="button"]')!));
    expect(twins).toHaveLength(2);
    expect(twinsOf(root, twinKey(root.querySelector('div')!))).toEqual([]);
  });
});
