import { CATEGORIES, type Category } from '@shop/shared';
import type { Db } from '../../db/index.js';
import { newId } from '../../lib/tokens.js';
import { demoCatalog } from './catalog.js';
import { searchedText } from './product-fields.js';

// Words for made-up product names: every material is in about 1 in 20 names,
// so a search for one matches about 5 % of the catalog, like a common word would.
const ADJECTIVES = [
  'Classic',
  'Compact',
  'Deluxe',
  'Eco',
  'Elegant',
  'Essential',
  'Everyday',
  'Sturdy',
  'Light',
  'Modern',
  'Portable',
  'Premium',
  'Pro',
  'Rugged',
  'Sleek',
  'Smart',
  'Soft',
  'Travel',
  'Ultra',
  'Vintage',
];
const MATERIALS = [
  'Bamboo',
  'Brass',
  'Canvas',
  'Ceramic',
  'Copper',
  'Cotton',
  'Denim',
  'Glass',
  'Granite',
  'Leather',
  'Linen',
  'Maple',
  'Nylon',
  'Oak',
  'Rubber',
  'Silk',
  'Steel',
  'Teak',
  'Walnut',
  'Wool',
];
const NOUNS: Record<Category, string[]> = {
  electronics: ['Speaker', 'Lamp', 'Kettle', 'Charger', 'Headphones', 'Keyboard', 'Fan', 'Clock'],
  fashion: ['Kurta', 'Scarf', 'Jacket', 'Sandals', 'Bag', 'Belt', 'Wallet', 'Stole'],
  mobiles: ['Phone Case', 'Power Bank', 'Phone Stand', 'Earbuds', 'Cable', 'Screen Guard', 'Grip', 'Dock'],
  games: [
    'Chess Set',
    'Carrom Board',
    'Puzzle',
    'Dice Set',
    'Card Game',
    'Ludo Board',
    'Controller',
    'Yo-yo',
  ],
};

/** A small deterministic generator: the same count gives the same catalog. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export type GeneratedProduct = {
  id: string;
  name: string;
  name_search: string;
  category: Category;
  price_paise: number;
  count_in_stock: number;
  image: string;
  description: string;
  rating: number;
  num_reviews: number;
  created_at: string;
};

export function generateProducts(count: number, start: number, createdAt: string): GeneratedProduct[] {
  const next = random(start + 1);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const category = CATEGORIES[(start + i) % CATEGORIES.length]!;
    const name = `${pick(ADJECTIVES)} ${pick(MATERIALS)} ${pick(NOUNS[category])} ${start + i + 1}`;
    const reviews = Math.floor(next() * 200);
    return {
      id: newId(),
      name,
      name_search: searchedText({ name }),
      category,
      price_paise: (99 + Math.floor(next() * 20_000)) * 100,
      count_in_stock: Math.floor(next() * 100),
      image: pick(demoCatalog.filter((p) => p.category === category)).image,
      description: `${name}: a generated product for measuring the catalog at size.`,
      rating: reviews === 0 ? 0 : Math.round((1 + next() * 4) * 2) / 2,
      num_reviews: reviews,
      created_at: createdAt,
    };
  });
}

/** Adds `count` generated products in batches, each batch one transaction. */
export async function insertGeneratedProducts(db: Db, count: number, createdAt: string): Promise<void> {
  const BATCH = 500;
  for (let start = 0; start < count; start += BATCH) {
    const rows = generateProducts(Math.min(BATCH, count - start), start, createdAt);
    await db.insertInto('products').values(rows).execute();
  }
}
