import { loadOrCreateVapidPair } from './push-keys';

// Test support: one process's start-up read of the VAPID pair (push-keys.test.ts starts several at
// once on one DATA_DIR, as a cluster does) printing the public key it got.
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: push-keys.test-support.ts <DATA_DIR>');
process.stdout.write(`${loadOrCreateVapidPair(dataDir).publicKey}\n`);
