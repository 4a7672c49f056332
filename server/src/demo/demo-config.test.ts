import { describe, expect, it } from 'vitest';
import { parseDemoFaults, parseDemoLatency } from './demo-config';

describe('demo env strings', () => {
  it('parses latencies and faults', () => {
    expect(parseDemoLatency('farmaline:350, medimarket:1100,multipharma:2000')).toEqual({
      farmaline: 350,
      medimarket: 1100,
      multipharma: 2000,
    });
    expect(parseDemoLatency('')).toEqual({});
    expect(parseDemoFaults('multipharma:5xx,farmaline:429,newpharma:garbage')).toEqual({
      multipharma: '5xx',
      farmaline: '429',
      newpharma: 'garbage',
    });
  });

  it('names the variable and the bad part', () => {
    expect(() => parseDemoLatency('farmaline:fast')).toThrow(/DEMO_LATENCY_MS: "farmaline:fast"/);
    expect(() => parseDemoLatency('boots:100')).toThrow(/DEMO_LATENCY_MS: "boots:100"/);
    expect(() => parseDemoFaults('multipharma:broken')).toThrow(/DEMO_FAULTS: "multipharma:broken" must be one of/);
    expect(() => parseDemoFaults('multipharma')).toThrow(/DEMO_FAULTS/);
  });
});
