import type { Category } from '@shop/shared';

export type CatalogProduct = {
  name: string;
  category: Category;
  /** Rupees, as a shop owner writes them; stored as paise. */
  price: number;
  countInStock: number;
  image: string;
  description: string;
};

/** The demo catalog, written for this shop. Images are served by the app itself. */
export const demoCatalog: CatalogProduct[] = [
  {
    name: 'Monsoon Wireless Headphones',
    category: 'electronics',
    price: 3499,
    countInStock: 25,
    image: '/images/products/monsoon-headphones.svg',
    description:
      'Over-ear headphones with 30 hours of battery, soft cushions for long train rides and a fold-flat design.',
  },
  {
    name: 'Chai Time Smart Kettle',
    category: 'electronics',
    price: 2199,
    countInStock: 12,
    image: '/images/products/chai-kettle.svg',
    description:
      'A 1.5 litre kettle that holds your chosen temperature, from green tea to a strong masala chai.',
  },
  {
    name: 'Kurta in Handloom Cotton',
    category: 'fashion',
    price: 1299.5,
    countInStock: 40,
    image: '/images/products/handloom-kurta.svg',
    description:
      'Breathable handloom cotton, woven in Bengal, cut straight with side slits and a mandarin collar.',
  },
  {
    name: 'Peacock Phone 5G',
    category: 'mobiles',
    price: 18999,
    countInStock: 8,
    image: '/images/products/peacock-phone.svg',
    description:
      'A 6.5 inch display, 128 GB of storage and a camera that keeps its colours in the evening light.',
  },
  {
    name: 'Carrom Clash Board Game',
    category: 'games',
    price: 899,
    countInStock: 0,
    image: '/images/products/carrom-clash.svg',
    description: 'A tabletop strategy game inspired by carrom, for two to four players, ages eight and up.',
  },
  {
    name: 'Cricket Legends Card Set',
    category: 'games',
    price: 499,
    countInStock: 60,
    image: '/images/products/cricket-cards.svg',
    description: 'Fifty-two illustrated cards of imaginary cricket heroes, with rules for three quick games.',
  },
];
