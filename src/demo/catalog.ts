/**
 * Word lists and the product catalogue of the demo store ("Upside Demo Goods", a home and kitchen
 * shop). Kept apart from the generator so the generator reads as the purchase process it is.
 */
import type { DemoProduct, DemoVariant } from './model.ts';
import type { Rng } from './prng.ts';

const PRODUCT_BASES: readonly { title: string; type: string; price: number; options?: readonly string[] }[] =
  [
    { title: 'Stoneware Mug', type: 'Kitchen', price: 24, options: ['Sand', 'Sage', 'Charcoal'] },
    { title: 'Linen Apron', type: 'Kitchen', price: 48, options: ['Natural', 'Rust', 'Navy'] },
    { title: 'Cast Iron Skillet', type: 'Kitchen', price: 89 },
    { title: 'Olive Wood Spoon Set', type: 'Kitchen', price: 32 },
    { title: 'Pour-Over Coffee Kit', type: 'Kitchen', price: 64 },
    { title: 'Glass Storage Jar', type: 'Kitchen', price: 18, options: ['Small', 'Medium', 'Large'] },
    { title: 'Chef Knife', type: 'Kitchen', price: 129 },
    { title: 'Cutting Board', type: 'Kitchen', price: 56, options: ['Walnut', 'Maple'] },
    { title: 'Ceramic Dinner Plate', type: 'Tableware', price: 22, options: ['Sand', 'Sage', 'Charcoal'] },
    { title: 'Pasta Bowl', type: 'Tableware', price: 26, options: ['Sand', 'Charcoal'] },
    { title: 'Linen Napkins (Set of 4)', type: 'Tableware', price: 38, options: ['Natural', 'Rust'] },
    { title: 'Wine Glass Pair', type: 'Tableware', price: 42 },
    { title: 'Serving Platter', type: 'Tableware', price: 68 },
    { title: 'Wool Throw Blanket', type: 'Home', price: 119, options: ['Oat', 'Forest', 'Slate'] },
    { title: 'Soy Candle', type: 'Home', price: 28, options: ['Cedar', 'Fig', 'Sea Salt', 'Amber'] },
    { title: 'Cotton Bath Towel', type: 'Home', price: 34, options: ['White', 'Sand', 'Sage'] },
    { title: 'Linen Duvet Cover', type: 'Home', price: 189, options: ['Queen', 'King'] },
    { title: 'Ceramic Vase', type: 'Home', price: 46 },
    { title: 'Woven Storage Basket', type: 'Home', price: 52, options: ['Small', 'Large'] },
    { title: 'Doormat', type: 'Home', price: 39 },
    { title: 'Reed Diffuser', type: 'Home', price: 36, options: ['Cedar', 'Fig'] },
    { title: 'Canvas Tote Bag', type: 'Accessories', price: 29, options: ['Natural', 'Black'] },
    { title: 'Leather Coasters', type: 'Accessories', price: 24 },
    { title: 'Gift Card', type: 'Gift Cards', price: 50, options: ['$25', '$50', '$100'] },
    { title: 'Espresso Cup Set', type: 'Kitchen', price: 44 },
    { title: 'Enamel Dutch Oven', type: 'Kitchen', price: 179, options: ['Cream', 'Blue'] },
    { title: 'Tea Towel Pair', type: 'Kitchen', price: 22, options: ['Stripe', 'Check'] },
    { title: 'Salt Cellar', type: 'Kitchen', price: 19 },
    { title: 'Bread Bin', type: 'Kitchen', price: 72 },
    { title: 'Table Runner', type: 'Tableware', price: 49, options: ['Natural', 'Charcoal'] },
    { title: 'Beeswax Wraps', type: 'Kitchen', price: 18 },
    { title: 'French Press', type: 'Kitchen', price: 58 },
    { title: 'Stoneware Teapot', type: 'Kitchen', price: 74 },
    { title: 'Cushion Cover', type: 'Home', price: 44, options: ['Oat', 'Rust', 'Forest'] },
    { title: 'Bamboo Dish Rack', type: 'Kitchen', price: 48 },
    { title: 'Herb Planter', type: 'Home', price: 38 },
  ];

export const FIRST_NAMES: readonly string[] = [
  'Ana',
  'Ben',
  'Chloe',
  'Daniel',
  'Emma',
  'Felix',
  'Grace',
  'Hugo',
  'Isla',
  'Jack',
  'Kate',
  'Liam',
  'Maya',
  'Noah',
  'Olivia',
  'Paul',
  'Quinn',
  'Ruby',
  'Sam',
  'Tara',
  'Uma',
  'Victor',
  'Wendy',
  'Xavier',
  'Yara',
  'Zoe',
  'Aiden',
  'Bella',
  'Carlos',
  'Diana',
  'Ethan',
  'Fatima',
  'Gabriel',
  'Hana',
  'Ivan',
  'Julia',
  'Kenji',
  'Lena',
  'Marco',
  'Nina',
  'Omar',
  'Priya',
  'Rosa',
  'Sofia',
  'Tom',
  'Yuki',
];

export const LAST_NAMES: readonly string[] = [
  'Li',
  'Smith',
  'Garcia',
  'Johnson',
  'Brown',
  'Miller',
  'Davis',
  'Wilson',
  'Moore',
  'Taylor',
  'Anderson',
  'Thomas',
  'Martin',
  'Lee',
  'Walker',
  'Hall',
  'Young',
  'King',
  'Wright',
  'Lopez',
  'Hill',
  'Scott',
  'Green',
  'Adams',
  'Baker',
  'Nelson',
  'Carter',
  'Mitchell',
  'Perez',
  'Roberts',
  'Turner',
  'Phillips',
  'Campbell',
  'Parker',
  'Evans',
  'Edwards',
  'Collins',
  'Stewart',
  'Morris',
  'Nakamura',
  'Schmidt',
  'Dubois',
  'Okafor',
  'Silva',
  'Novak',
  'Kowalski',
];

export interface CountryProfile {
  code: string;
  name: string;
  currency: string;
  share: number;
  taxRate: number;
  regions: readonly { city: string; province: string; provinceCode: string; zip: string }[];
}

export const COUNTRIES: readonly CountryProfile[] = [
  {
    code: 'US',
    name: 'United States',
    currency: 'USD',
    share: 0.7,
    taxRate: 0.07,
    regions: [
      { city: 'New York', province: 'New York', provinceCode: 'NY', zip: '10001' },
      { city: 'Brooklyn', province: 'New York', provinceCode: 'NY', zip: '11201' },
      { city: 'Boston', province: 'Massachusetts', provinceCode: 'MA', zip: '02110' },
      { city: 'Austin', province: 'Texas', provinceCode: 'TX', zip: '73301' },
      { city: 'Portland', province: 'Oregon', provinceCode: 'OR', zip: '97201' },
      { city: 'Chicago', province: 'Illinois', provinceCode: 'IL', zip: '60601' },
      { city: 'Los Angeles', province: 'California', provinceCode: 'CA', zip: '90012' },
      { city: 'Denver', province: 'Colorado', provinceCode: 'CO', zip: '80202' },
    ],
  },
  {
    code: 'CA',
    name: 'Canada',
    currency: 'CAD',
    share: 0.1,
    taxRate: 0.13,
    regions: [
      { city: 'Toronto', province: 'Ontario', provinceCode: 'ON', zip: 'M5H 2N2' },
      { city: 'Vancouver', province: 'British Columbia', provinceCode: 'BC', zip: 'V6B 1A1' },
    ],
  },
  {
    code: 'GB',
    name: 'United Kingdom',
    currency: 'GBP',
    share: 0.08,
    taxRate: 0.2,
    regions: [
      { city: 'London', province: 'England', provinceCode: 'ENG', zip: 'SW1A 1AA' },
      { city: 'Manchester', province: 'England', provinceCode: 'ENG', zip: 'M1 1AE' },
    ],
  },
  {
    code: 'DE',
    name: 'Germany',
    currency: 'EUR',
    share: 0.06,
    taxRate: 0.19,
    regions: [
      { city: 'Berlin', province: 'Berlin', provinceCode: 'BE', zip: '10115' },
      { city: 'Hamburg', province: 'Hamburg', provinceCode: 'HH', zip: '20095' },
    ],
  },
  {
    code: 'AU',
    name: 'Australia',
    currency: 'AUD',
    share: 0.03,
    taxRate: 0.1,
    regions: [{ city: 'Sydney', province: 'New South Wales', provinceCode: 'NSW', zip: '2000' }],
  },
  {
    code: 'JP',
    name: 'Japan',
    currency: 'JPY',
    share: 0.03,
    taxRate: 0.1,
    regions: [{ city: 'Tokyo', province: 'Tokyo', provinceCode: 'JP-13', zip: '100-0001' }],
  },
];

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Builds the catalogue: products, their variants, prices, unit costs and popularity weights. */
export function buildCatalog(
  rng: Rng,
  productCount: number,
  createdAtMs: number,
): { products: DemoProduct[]; variants: DemoVariant[] } {
  const products: DemoProduct[] = [];
  const variants: DemoVariant[] = [];
  for (let i = 0; i < productCount; i += 1) {
    const base = PRODUCT_BASES[i % PRODUCT_BASES.length]!;
    const series = Math.floor(i / PRODUCT_BASES.length);
    const title =
      series === 0 ? base.title : `${base.title} ${['II', 'III', 'IV', 'V'][series - 1] ?? series}`;
    const legacyId = 8_100_000_000_000 + i * 17;
    const product: DemoProduct = {
      index: i,
      legacyId,
      id: `gid://shopify/Product/${legacyId}`,
      title,
      handle: slugify(title),
      vendor: 'Upside Demo Goods',
      productType: base.type,
      status: 'ACTIVE',
      createdAtMs: createdAtMs + i * 3_600_000,
      variantIndexes: [],
    };
    // Zipf-like demand: a few best sellers carry most of the volume.
    const productPopularity = 1 / (1 + i) ** 0.9;
    const options = base.options ?? ['Default Title'];
    const priceMinor = Math.round(base.price * (series === 0 ? 1 : 1 + 0.15 * series)) * 100 - 5;
    for (let o = 0; o < options.length; o += 1) {
      const variantIndex = variants.length;
      const variantLegacyId = 44_000_000_000_000 + variantIndex * 19;
      const isGiftCard = base.type === 'Gift Cards';
      const optionPrice = isGiftCard ? Number((options[o] ?? '$50').replace('$', '')) * 100 : priceMinor;
      variants.push({
        index: variantIndex,
        legacyId: variantLegacyId,
        id: `gid://shopify/ProductVariant/${variantLegacyId}`,
        productIndex: i,
        title: options[o] ?? 'Default Title',
        sku: `UDG-${String(i + 1).padStart(3, '0')}-${String(o + 1).padStart(2, '0')}`,
        priceMinor: optionPrice,
        unitCostMinor: isGiftCard ? optionPrice : Math.round(optionPrice * rng.uniform(0.32, 0.48)),
        inventoryItemLegacyId: 46_000_000_000_000 + variantIndex * 23,
        popularity: (productPopularity * (o === 0 ? 1.6 : 1)) / options.length,
      });
      product.variantIndexes.push(variantIndex);
    }
    products.push(product);
  }
  return { products, variants };
}
