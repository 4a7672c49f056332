import type { Db } from '../../db/database';
import { productSlug } from '@pharmaradar/shared/product-landing';
import { writeTransaction } from '../../db/write-transaction';

export type ProductRecord = {
  cnk: string;
  slug: string;
  name: string;
  brand: string | null;
  image: string | null;
  lastSeenAt: number;
};

export type SeenProduct = { cnk: string; name: string; brand: string | null; image: string | null; slug?: string };

type Row = {
  cnk: string;
  slug: string;
  name: string;
  brand: string | null;
  image: string | null;
  last_seen_at: number;
};

const toRecord = (row: Row): ProductRecord => ({
  cnk: row.cnk,
  slug: row.slug,
  name: row.name,
  brand: row.brand,
  image: row.image,
  lastSeenAt: row.last_seen_at,
});

export function createProductsRepository(db: Db) {
  // The first name seen is kept so a landing page's title does not change with whichever retailer
  // happened to be cheapest; brand and image are filled in when a later sighting knows them.
  const upsert = db.prepare(
    `INSERT INTO products (cnk, slug, name, brand, image, first_seen_at, last_seen_at)
     VALUES (@cnk, @slug, @name, @brand, @image, @now, @now)
     ON CONFLICT (cnk) DO UPDATE SET
       brand = coalesce(products.brand, excluded.brand),
       image = coalesce(products.image, excluded.image),
       last_seen_at = excluded.last_seen_at`,
  );
  const slugOf = db.prepare<[string], { slug: string }>('SELECT slug FROM products WHERE cnk = ?');
  const bySlug = db.prepare<[string], Row>(
    'SELECT cnk, slug, name, brand, image, last_seen_at FROM products WHERE slug = ?',
  );
  const byCnk = db.prepare<[string], Row>(
    'SELECT cnk, slug, name, brand, image, last_seen_at FROM products WHERE cnk = ?',
  );

  const recent = db.prepare<[number], { slug: string; cnk: string; last_seen_at: number }>(
    'SELECT slug, cnk, last_seen_at FROM products ORDER BY last_seen_at DESC LIMIT ?',
  );
  const upsertOne = (product: SeenProduct, now: number): string => {
    const slug = product.slug ?? productSlug(product);
    try {
      upsert.run({ ...product, slug, now });
    } catch (error) {
      // A slug taken by another CNK (only possible with hand-made catalogue slugs): fall back to the
      // generated one, which ends with the CNK and is therefore unique.
      if (!(error instanceof Error && /UNIQUE/.test(error.message))) throw error;
      upsert.run({ ...product, slug: productSlug(product), now });
    }
    return slugOf.get(product.cnk)?.slug ?? slug;
  };

  const upsertMany = writeTransaction(db, (products: SeenProduct[], now: number) => {
    const slugs = new Map<string, string>();
    for (const product of products) slugs.set(product.cnk, upsertOne(product, now));
    return slugs;
  });

  return {
    /** Records products seen in a search; returns each CNK's landing slug. */
    recordSeen(products: SeenProduct[], now: number): Map<string, string> {
      return products.length === 0 ? new Map() : upsertMany(products, now);
    },
    findBySlug(slug: string): ProductRecord | null {
      const row = bySlug.get(slug);
      return row ? toRecord(row) : null;
    },
    /** Landing slugs of the given CNKs that have a record (read-only: cached searches never write). */
    slugsOf(cnks: readonly string[]): Map<string, string> {
      const slugs = new Map<string, string>();
      for (const cnk of cnks) {
        const slug = slugOf.get(cnk)?.slug;
        if (slug) slugs.set(cnk, slug);
      }
      return slugs;
    },
    /** The most recently seen products' slugs (sitemap). */
    recent(limit: number): { slug: string; cnk: string; lastSeenAt: number }[] {
      return recent.all(limit).map((r) => ({ slug: r.slug, cnk: r.cnk, lastSeenAt: r.last_seen_at }));
    },
    findByCnk(cnk: string): ProductRecord | null {
      const row = byCnk.get(cnk);
      return row ? toRecord(row) : null;
    },
  };
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
