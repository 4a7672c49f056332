import dns from 'node:dns';

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Resolves a hostname to every address; injectable so tests can play a rebinding DNS server. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const found = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};
