/**
 * The tables as versions 7 and 8 declared them, for the upgrade tests that fill a database the way an
 * older build did. Version 8 changed the rows' shape, not the tables, so both versions share this list.
 */
export const STORES_V7_V8 = {
  searches: 'query, savedAt, [lang+savedAt]',
  proGroups: 'id, updatedAt',
  proMeta: 'key',
  proOffers: 'cnk',
  proCatalogue: 'cnk',
  proOutbox: '++seq, [kind+id]',
  basket: 'cnk, addedAt',
  basketMeta: 'key',
  proReports: 'id, [groupId+analysedAt]',
  proOfficial: 'cnk',
};
