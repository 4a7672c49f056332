import { loadOrCreateVapidPair } from '../../src/features/push/push-keys';

// Test support: one process's start-up read of the VAPID pair (push-keys.test.ts starts several at
// once on one DATA_DIR, as a cluster does) printing the public key it got.
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: vapid-keys-process.ts <DATA_DIR>');
process.stdout.write(`${loadOrCreateVapidPair(dataDir).publicKey}\n`);
