/**
 * Every size limit of Pro group sync in one place (docs/decisions/131): the server enforces them, the
 * device splits its requests and words its messages from them. Chosen far above what one pharmacy
 * keeps (a few dozen groups of a few hundred CNKs) and far below what hurts a shared server.
 */

export const GROUP_NAME_MAX_LENGTH = 120;
export const GROUP_DESCRIPTION_MAX_LENGTH = 1000;
/** CNKs in one group (a whole shelf plan fits; a full group is about 20 KB of JSON). */
export const GROUP_MAX_CNKS = 2000;
/**
 * A line's own product name (longer ones are cut): a full group of named lines, sent with its base,
 * then stays under SYNC_MAX_REQUEST_BYTES.
 */
export const GROUP_LINE_NAME_MAX_LENGTH = 120;
/**
 * Bytes of one sync request (docs/decisions/151): the largest group, 2,000 lines each with a price,
 * a VAT and a 120-character name in any script (up to 3 bytes a character), sent with its base, is
 * about 1.7 MB. The server's body cap for the route reads it.
 */
export const SYNC_MAX_REQUEST_BYTES = 2_000_000;
/** Changes one sync request may carry: the device sends a bigger outbox in slices. */
export const SYNC_MAX_CHANGES = 200;

/** Live (not deleted) groups one account may hold on the server. */
export const SYNC_MAX_GROUPS = 500;
/** Stored records of one account, deleted groups' tombstones included (each a few dozen bytes). */
export const SYNC_MAX_RECORDS = 5000;
/** Bytes of group and settings content one account may hold on the server (4 MB). */
export const SYNC_MAX_STORED_BYTES = 4_000_000;

/** One sync answer holds at most this many changes… */
export const SYNC_PAGE_MAX_CHANGES = 200;
/** …and about this many bytes of content (at least one change): the device asks for the next page. */
export const SYNC_PAGE_MAX_BYTES = 256_000;
