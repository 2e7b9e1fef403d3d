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
  // Electronics
  {
    name: 'Monsoon Wireless Headphones',
    category: 'electronics',
    price: 3499,
    countInStock: 25,
    image: '/images/products/monsoon-headphones.svg',
    description:
      'Over-ear wireless headphones with 30 hours of battery, soft memory-foam cushions for long train rides and a fold-flat design. A 10 minute charge gives about three hours of music.',
  },
  {
    name: 'Chai Time Smart Kettle',
    category: 'electronics',
    price: 2199,
    countInStock: 12,
    image: '/images/products/chai-kettle.svg',
    description:
      'A 1.5 litre stainless steel kettle that holds your chosen temperature, from 70 °C for green tea to a full boil for a strong masala chai. It switches itself off if it boils dry.',
  },
  {
    name: 'Dhoop Solar Power Bank 20000 mAh',
    category: 'electronics',
    price: 1799,
    countInStock: 40,
    image: '/images/products/dhoop-solar-power-bank.svg',
    description:
      'A 20000 mAh power bank with two USB-A ports and one Type-C port that charges most phones about four times. The small solar panel is for emergencies: a full sunny day adds roughly 15 per cent.',
  },
  {
    name: 'Rangoli Portable Speaker',
    category: 'electronics',
    price: 2499.99,
    countInStock: 33,
    image: '/images/products/rangoli-speaker.svg',
    description:
      'A 10 W wireless speaker wrapped in colourful woven fabric, splash resistant to IPX5, with 12 hours of playback and a strap for the balcony or the beach.',
  },
  {
    name: 'Sitar Soundbar 2.1 with Wireless Subwoofer',
    category: 'electronics',
    price: 8999,
    countInStock: 0,
    image: '/images/products/sitar-soundbar.svg',
    description:
      'A 90 cm soundbar and a wireless subwoofer with 160 W of total output, connecting to your TV by ARC cable, optical cable or wirelessly. A dialogue mode keeps voices clear at low volume.',
  },
  {
    name: 'Kanchenjunga 65-inch 4K Smart Television with Voice Remote',
    category: 'electronics',
    price: 124999,
    countInStock: 4,
    image: '/images/products/kanchenjunga-4k-tv.svg',
    description:
      'A 65 inch 4K LED television with HDR, built-in streaming apps, 40 W speakers and a voice remote. A wall mount is included; the panel is 7.5 cm deep without the stand.',
  },
  {
    name: 'Kolam Studio 16 Creator Laptop, 32 GB RAM, 1 TB SSD',
    category: 'electronics',
    price: 149999,
    countInStock: 3,
    image: '/images/products/kolam-studio-laptop.svg',
    description:
      'A 16 inch 2.5K display, an 8-core processor with dedicated graphics, 32 GB of RAM and a 1 TB SSD in a 1.8 kg aluminium body. Expect about 9 hours of battery for office work.',
  },
  {
    name: 'Sutradhar Mechanical Keyboard',
    category: 'electronics',
    price: 3299,
    countInStock: 2,
    image: '/images/products/sutradhar-keyboard.svg',
    description:
      'A compact 87-key mechanical keyboard with tactile brown switches, white backlight and a detachable Type-C cable. The keycaps are printed with both English and Hindi letters.',
  },
  {
    name: 'Jugnu Smart LED Bulb, Pack of 2',
    category: 'electronics',
    price: 599,
    countInStock: 120,
    image: '/images/products/jugnu-smart-bulb.svg',
    description:
      'Two 9 W B22 bulbs whose colour and brightness you set from your phone, with schedules for festival lights. Each bulb is rated for 15,000 hours and needs a 2.4 GHz home network.',
  },
  {
    name: 'Tabla Beat Wireless Earbuds',
    category: 'electronics',
    price: 1499,
    countInStock: 0,
    image: '/images/products/tabla-earbuds.svg',
    description:
      'In-ear earbuds with 10 mm drivers, a low-latency mode for games and 6 hours of play, 24 hours with the charging case. Sweat resistant to IPX4, with three sizes of ear tips.',
  },
  {
    name: 'Pankha Smart Pedestal Fan with Remote',
    category: 'electronics',
    price: 4499,
    countInStock: 18,
    image: '/images/products/pankha-pedestal-fan.svg',
    description:
      'A 400 mm pedestal fan with a quiet BLDC motor that draws about 35 W at full speed, five speeds, a sleep timer and a remote. The height adjusts from 1.1 to 1.35 m.',
  },
  {
    name: 'Kathakali Mirrorless Camera with 15-45 mm Lens',
    category: 'electronics',
    price: 54990,
    countInStock: 1,
    image: '/images/products/kathakali-camera.svg',
    description:
      'A 24 megapixel mirrorless camera with a flip screen for vlogging, 4K video at 30 fps and a 15-45 mm kit lens. The body weighs 390 g and one battery lasts about 350 shots.',
  },

  // Fashion
  {
    name: 'Kurta in Handloom Cotton',
    category: 'fashion',
    price: 1299.5,
    countInStock: 40,
    image: '/images/products/handloom-kurta.svg',
    description:
      'Breathable handloom cotton, woven in Bengal, cut straight with side slits and a mandarin collar. Knee length, in sizes S to XXL; hand wash cold.',
  },
  {
    name: 'Temple Border Silk Blend Saree with Zari Weave',
    category: 'fashion',
    price: 5499,
    countInStock: 3,
    image: '/images/products/temple-border-saree.svg',
    description:
      'A 5.5 metre silk blend saree with a woven temple border in gold-tone zari and an 80 cm unstitched blouse piece. Dry clean only.',
  },
  {
    name: 'Handcrafted Leather Flat Sandals',
    category: 'fashion',
    price: 1199,
    countInStock: 0,
    image: '/images/products/leather-flat-sandals.svg',
    description:
      'Vegetable-tanned leather sandals with a braided toe loop and a cushioned footbed, hand-stitched in Maharashtra. Sizes UK 5 to 11; the leather softens with wear.',
  },
  {
    name: 'Bandhani Tie-Dye Cotton Dupatta',
    category: 'fashion',
    price: 599,
    countInStock: 48,
    image: '/images/products/bandhani-dupatta.svg',
    description:
      'A 2.25 metre soft cotton dupatta, tie-dyed by hand in Kutch with tiny bandhani dots and finished with tassels. Wash it separately the first time, as the colour may bleed.',
  },
  {
    name: 'Jaipur Block Print Cotton Shirt',
    category: 'fashion',
    price: 1499,
    countInStock: 22,
    image: '/images/products/block-print-shirt.svg',
    description:
      'A regular-fit half-sleeve shirt in pure cotton, hand block printed in Jaipur with natural dyes. Coconut shell buttons; chest sizes 38 to 46.',
  },
  {
    name: 'Barsaat Packable Rain Jacket',
    category: 'fashion',
    price: 2299,
    countInStock: 14,
    image: '/images/products/packable-rain-jacket.svg',
    description:
      'A waterproof hooded jacket with taped seams that folds into its own pocket. It weighs 280 g and has a full zip and reflective strips for evening rides.',
  },
  {
    name: 'Gully Canvas Sneakers',
    category: 'fashion',
    price: 1599,
    countInStock: 9,
    image: '/images/products/gully-canvas-sneakers.svg',
    description:
      'Low-top cotton canvas sneakers with a vulcanised rubber sole, a padded collar and a removable insole. Sizes UK 6 to 11; machine wash on a gentle cycle.',
  },
  {
    name: 'Indigo Slim Fit Stretch Jeans',
    category: 'fashion',
    price: 1899,
    countInStock: 30,
    image: '/images/products/indigo-stretch-jeans.svg',
    description:
      'Mid-rise slim fit jeans in indigo denim, 98 per cent cotton and 2 per cent elastane, with five pockets. Waist sizes 28 to 38, inseam 32 inches.',
  },
  {
    name: 'Oxidised Silver Jhumka Earrings',
    category: 'fashion',
    price: 449.99,
    countInStock: 65,
    image: '/images/products/jhumka-earrings.svg',
    description:
      'Bell-shaped jhumkas in oxidised brass with a silver finish, tiny bead drops and hook backs. Each earring is 5 cm long and weighs 9 g; nickel free.',
  },
  {
    name: 'Jute Tote Bag with Leather Handles',
    category: 'fashion',
    price: 799,
    countInStock: 2,
    image: '/images/products/jute-tote-bag.svg',
    description:
      'A roomy 40 x 35 cm tote in natural jute with a cotton lining, an inner zip pocket and leather handles. It carries up to 8 kg of shopping or a 15 inch laptop.',
  },
  {
    name: 'Marine Drive Polarised Sunglasses',
    category: 'fashion',
    price: 999,
    countInStock: 18,
    image: '/images/products/marine-drive-sunglasses.svg',
    description:
      'Metal-frame sunglasses in the classic pilot shape, with polarised UV400 lenses that cut glare from the sea and the road. Comes with a hard case and a cleaning cloth.',
  },
  {
    name: 'Festive Nehru Jacket in Raw Silk',
    category: 'fashion',
    price: 3499,
    countInStock: 0,
    image: '/images/products/raw-silk-nehru-jacket.svg',
    description:
      'A sleeveless Nehru jacket in raw silk with a band collar, five fabric-covered buttons and two welt pockets. Cotton lined; sizes 36 to 46, dry clean only.',
  },

  // Mobiles
  {
    name: 'Peacock Phone 5G',
    category: 'mobiles',
    price: 18999,
    countInStock: 8,
    image: '/images/products/peacock-phone.svg',
    description:
      'A 6.5 inch 120 Hz display, 8 GB of RAM, 128 GB of storage and a 50 MP camera that keeps its colours in the evening light. A 5000 mAh battery with 33 W charging.',
  },
  {
    name: 'Tiger Fold 5G Foldable Phone, 12 GB RAM, 512 GB Storage',
    category: 'mobiles',
    price: 109999,
    countInStock: 2,
    image: '/images/products/tiger-fold-phone.svg',
    description:
      'Opens from a 6.3 inch phone into a 7.6 inch tablet, with 12 GB of RAM, 512 GB of storage and three rear cameras. The hinge is tested for 2,00,000 folds.',
  },
  {
    name: 'Mango Lite 4G',
    category: 'mobiles',
    price: 7499,
    countInStock: 55,
    image: '/images/products/mango-lite-phone.svg',
    description:
      'An easy first smartphone with a 6.6 inch screen, 4 GB of RAM, 64 GB of storage plus a memory card slot, and a 5000 mAh battery that lasts two days of light use.',
  },
  {
    name: 'Koel Phone 5G Dual SIM',
    category: 'mobiles',
    price: 12499,
    countInStock: 0,
    image: '/images/products/koel-phone.svg',
    description:
      'A slim 5G phone with two SIM slots and a memory card slot, 6 GB of RAM, 128 GB of storage and a 6.7 inch display. Its loud, clear speaker is tuned for calls.',
  },
  {
    name: 'Banyan Rugged Phone with 8000 mAh Battery',
    category: 'mobiles',
    price: 15999,
    countInStock: 6,
    image: '/images/products/banyan-rugged-phone.svg',
    description:
      'Built for building sites and farms: IP68 dust and water protection, survives drops from 1.5 m, and has an 8000 mAh battery and a bright torch. It weighs 290 g.',
  },
  {
    name: 'Lotus Keypad Phone with Torch',
    category: 'mobiles',
    price: 1199,
    countInStock: 150,
    image: '/images/products/lotus-keypad-phone.svg',
    description:
      'A dual SIM keypad phone with large buttons, FM radio, a bright torch and a 1800 mAh battery that lasts up to 10 days on standby. Loud ringtones for busy homes.',
  },
  {
    name: 'Ganga 65 W Fast Charger with Type-C Cable',
    category: 'mobiles',
    price: 1299,
    countInStock: 80,
    image: '/images/products/ganga-fast-charger.svg',
    description:
      'A compact 65 W wall charger with one Type-C and one USB-A port, and a 1 m Type-C cable in the box. It charges a phone to 50 per cent in about 25 minutes and powers most laptops too.',
  },
  {
    name: 'Madhubani Print Phone Cover',
    category: 'mobiles',
    price: 349,
    countInStock: 200,
    image: '/images/products/madhubani-phone-cover.svg',
    description:
      'A soft silicone cover printed with Madhubani-style fish and lotus art, with raised edges around the camera and the screen. Made to fit the Peacock Phone 5G.',
  },
  {
    name: 'Kavach Tempered Glass Screen Guard, Pack of 2',
    category: 'mobiles',
    price: 249,
    countInStock: 180,
    image: '/images/products/kavach-screen-guard.svg',
    description:
      'Two 9H tempered glass guards with a smudge-resistant coating and an alignment frame for bubble-free fitting. Fits the Peacock Phone 5G and the Koel Phone 5G.',
  },
  {
    name: 'Sangam Braided Type-C Cable, 1.5 m',
    category: 'mobiles',
    price: 149,
    countInStock: 0,
    image: '/images/products/sangam-braided-cable.svg',
    description:
      'A 1.5 metre nylon-braided Type-C to Type-C cable rated for 60 W charging and 480 Mbps data transfer. The reinforced ends are tested for 10,000 bends.',
  },
  {
    name: 'Saffron Smartwatch with AMOLED Display',
    category: 'mobiles',
    price: 4999,
    countInStock: 1,
    image: '/images/products/saffron-smartwatch.svg',
    description:
      'A 1.4 inch AMOLED smartwatch with heart rate and blood oxygen tracking, 100 sports modes, call alerts and 7 days of battery. The silicone strap fits wrists from 14 to 21 cm.',
  },
  {
    name: 'Yatra Selfie Stick and Tripod',
    category: 'mobiles',
    price: 699,
    countInStock: 35,
    image: '/images/products/yatra-selfie-tripod.svg',
    description:
      'Extends from 20 to 100 cm and stands as a tripod on fold-out legs, with a detachable wireless shutter remote. The clamp holds phones from 56 to 85 mm wide.',
  },

  // Games
  {
    name: 'Carrom Clash Board Game',
    category: 'games',
    price: 899,
    countInStock: 0,
    image: '/images/products/carrom-clash.svg',
    description:
      'A tabletop strategy game inspired by carrom, with a 60 cm board, 19 coins and a striker, for two to four players aged eight and up. A round takes about 20 minutes.',
  },
  {
    name: 'Cricket Legends Card Set',
    category: 'games',
    price: 499,
    countInStock: 60,
    image: '/images/products/cricket-cards.svg',
    description:
      'Fifty-two illustrated cards of imaginary cricket heroes, with rules for three quick games. For two to six players aged seven and up.',
  },
  {
    name: 'Tez Wireless Game Controller for PC and Phone',
    category: 'games',
    price: 1999,
    countInStock: 24,
    image: '/images/products/tez-game-controller.svg',
    description:
      'A wireless controller with drift-resistant sticks, two rumble motors and a phone clip, for PCs and most phones. About 20 hours of play per charge over Type-C.',
  },
  {
    name: 'Ludo Royale Wooden Board Set',
    category: 'games',
    price: 649,
    countInStock: 45,
    image: '/images/products/ludo-royale.svg',
    description:
      'A 38 cm sheesham wood ludo board with 16 turned wooden pieces and two dice; the reverse side is a snakes and ladders board. For two to four players aged five and up.',
  },
  {
    name: 'Chaturanga Wooden Chess Set with Folding Board',
    category: 'games',
    price: 1499,
    countInStock: 11,
    image: '/images/products/chaturanga-chess-set.svg',
    description:
      'A 40 cm folding board in a rosewood finish that stores all 32 weighted pieces inside; the king stands 7.5 cm tall. Felt bases protect your table. Ages six and up.',
  },
  {
    name: 'Lattoo Battle Tops Arena Set',
    category: 'games',
    price: 399,
    countInStock: 70,
    image: '/images/products/lattoo-battle-tops.svg',
    description:
      'Two metal-tipped spinning tops with pull-string launchers and a 30 cm plastic arena for battles. For two players aged six and up.',
  },
  {
    name: 'Patang Kite Kit with Cotton Thread',
    category: 'games',
    price: 299,
    countInStock: 90,
    image: '/images/products/patang-kite-kit.svg',
    description:
      'Three paper kites, 50 cm across, with bamboo frames and a spool of 200 m plain cotton thread. There is no glass-coated manja, so it is kinder to birds and to hands.',
  },
  {
    name: 'Snakes and Ladders Giant Floor Mat',
    category: 'games',
    price: 1199,
    countInStock: 1,
    image: '/images/products/snakes-ladders-mat.svg',
    description:
      'A 1.5 x 1.5 metre washable floor mat with 100 squares, a big foam die and four pawns. For two to four children aged four and up, indoors or on the lawn.',
  },
  {
    name: 'Retro Pocket Console with 200 Built-in Games',
    category: 'games',
    price: 2499,
    countInStock: 0,
    image: '/images/products/retro-pocket-console.svg',
    description:
      'A handheld with a 3 inch screen, 200 original pixel-art games and a rechargeable battery good for about 6 hours. A TV cable is included; no downloads or accounts needed.',
  },
  {
    name: 'Nakshatra X Gaming Console, 1 TB, with Two Controllers',
    category: 'games',
    price: 44990,
    countInStock: 3,
    image: '/images/products/nakshatra-console.svg',
    description:
      'A home console that plays in 4K at up to 120 fps, with a 1 TB SSD, two wireless controllers and three games in the box. Online play needs a separate subscription.',
  },
  {
    name: 'Hawa Mahal 1000-Piece Jigsaw Puzzle',
    category: 'games',
    price: 749,
    countInStock: 28,
    image: '/images/products/hawa-mahal-puzzle.svg',
    description:
      'A 1000 piece puzzle of the pink Hawa Mahal at sunrise, 68 x 48 cm when finished, cut from thick recycled board. A poster of the picture is included. Ages twelve and up.',
  },
  {
    name: 'Chakra 3x3 Speed Cube',
    category: 'games',
    price: 299.5,
    countInStock: 85,
    image: '/images/products/chakra-speed-cube.svg',
    description:
      'A 56 mm stickerless speed cube with adjustable tension and magnets for smooth turning, plus a beginner guide to solving it. Ages eight and up.',
  },
];
