// Reference daily intakes per age band and region (domain facts §5).
// UK: Reference Nutrient Intakes (COMA 1991, as restated in PHE "Government Dietary
// Recommendations" 2016). US: NASEM Dietary Reference Intakes (RDA where set, else AI).
// Values marked "M" in the facts were recalled, not read in the source: they carry
// `provisional: true` and a comment, and must be checked against PHE 2016 / COMA 1991 (UK) or
// the NASEM tables (US) before anyone relies on them.
import type { Region } from './types.ts';
import type { NutrientKey } from './foods.ts';
import type { Range } from './age-bands.ts';

export interface NutrientTarget {
  target: number | null;
  unit: 'kcal' | 'g' | 'mg' | 'µg';
  label: string;
  /** RNI, RDA, AI, safe intake, or the WHO complementary-food energy figure. */
  kind: string;
  /** True where the value is from memory (facts level M) and still needs checking. */
  provisional: boolean;
  /**
   * Where the guidance is a range rather than one figure (UK vitamin D under 1 year: 8.5–10 µg),
   * the range; `target` is its lower end. Absent otherwise.
   */
  range?: Range;
}

export interface AgeBand {
  id: string;
  label: string;
}

// [value, kind, provisional, range where the guidance is one]
type Row = Record<Exclude<NutrientKey, 'energy_kcal'>, [number, string, boolean, Range?]>;
const UK_INFANT_VITD: Range = { min: 8.5, max: 10 };

const UNITS: Record<NutrientKey, NutrientTarget['unit']> = {
  energy_kcal: 'kcal', protein_g: 'g', iron_mg: 'mg', zinc_mg: 'mg', calcium_mg: 'mg', vitamin_c_mg: 'mg', vitamin_d_ug: 'µg',
};
export const NUTRIENT_LABELS: Record<NutrientKey, string> = {
  energy_kcal: 'Energy from solids', protein_g: 'Protein', iron_mg: 'Iron', zinc_mg: 'Zinc',
  calcium_mg: 'Calcium', vitamin_c_mg: 'Vitamin C', vitamin_d_ug: 'Vitamin D',
};

// [value, kind, provisional]
const UK: { maxMonths: number; band: AgeBand; row: Row }[] = [
  {
    maxMonths: 3, band: { id: '0-3m', label: '0–3 months' },
    row: {
      iron_mg: [1.7, 'RNI', false], zinc_mg: [4.0, 'RNI', false],
      calcium_mg: [525, 'RNI', true], // M
      vitamin_c_mg: [25, 'RNI', false],
      protein_g: [12.5, 'RNI', true], // M
      vitamin_d_ug: [8.5, 'safe intake (8.5–10)', false, UK_INFANT_VITD],
    },
  },
  {
    maxMonths: 6, band: { id: '4-6m', label: '4–6 months' },
    row: {
      iron_mg: [4.3, 'RNI', false], zinc_mg: [4.0, 'RNI', false],
      calcium_mg: [525, 'RNI', true], // M
      vitamin_c_mg: [25, 'RNI', false],
      protein_g: [12.7, 'RNI', true], // M
      vitamin_d_ug: [8.5, 'safe intake (8.5–10)', false, UK_INFANT_VITD],
    },
  },
  {
    maxMonths: 9, band: { id: '7-9m', label: '7–9 months' },
    row: {
      iron_mg: [7.8, 'RNI', false], zinc_mg: [5.0, 'RNI', false],
      calcium_mg: [525, 'RNI', true], // M
      vitamin_c_mg: [25, 'RNI', false],
      protein_g: [13.7, 'RNI', true], // M
      vitamin_d_ug: [8.5, 'safe intake (8.5–10)', false, UK_INFANT_VITD],
    },
  },
  {
    maxMonths: 12, band: { id: '10-12m', label: '10–12 months' },
    row: {
      iron_mg: [7.8, 'RNI', false], zinc_mg: [5.0, 'RNI', false],
      calcium_mg: [525, 'RNI', true], // M
      vitamin_c_mg: [25, 'RNI', false],
      protein_g: [14.9, 'RNI', true], // M
      vitamin_d_ug: [8.5, 'safe intake (8.5–10)', false, UK_INFANT_VITD],
    },
  },
  {
    maxMonths: 48, band: { id: '1-3y', label: '1–3 years' },
    row: {
      iron_mg: [6.9, 'RNI', false], zinc_mg: [5.0, 'RNI', false],
      calcium_mg: [350, 'RNI', true], // M
      vitamin_c_mg: [30, 'RNI', false],
      protein_g: [14.5, 'RNI', true], // M
      vitamin_d_ug: [10, 'RNI', false],
    },
  },
  {
    // Whole band M: not in the facts table at all (COMA 1991 4–6 y, from memory).
    maxMonths: Infinity, band: { id: '4-6y', label: '4–6 years' },
    row: {
      iron_mg: [6.1, 'RNI', true], zinc_mg: [6.5, 'RNI', true], calcium_mg: [450, 'RNI', true],
      vitamin_c_mg: [30, 'RNI', true], protein_g: [19.7, 'RNI', true], vitamin_d_ug: [10, 'RNI', false],
    },
  },
];

const US: { maxMonths: number; band: AgeBand; row: Row }[] = [
  {
    maxMonths: 6, band: { id: '0-6m', label: '0–6 months' },
    row: {
      iron_mg: [0.27, 'AI', false], zinc_mg: [2, 'AI', false], calcium_mg: [200, 'AI', false],
      vitamin_c_mg: [40, 'AI', false], protein_g: [9.1, 'AI', false], vitamin_d_ug: [10, 'AI', false],
    },
  },
  {
    maxMonths: 12, band: { id: '7-12m', label: '7–12 months' },
    row: {
      iron_mg: [11, 'RDA', false], zinc_mg: [3, 'RDA', false], calcium_mg: [260, 'AI', false],
      vitamin_c_mg: [50, 'AI', false], protein_g: [11, 'RDA', false], vitamin_d_ug: [10, 'AI', false],
    },
  },
  {
    maxMonths: 48, band: { id: '1-3y', label: '1–3 years' },
    row: {
      iron_mg: [7, 'RDA', false], zinc_mg: [3, 'RDA', false], calcium_mg: [700, 'RDA', false],
      vitamin_c_mg: [15, 'RDA', false], protein_g: [13, 'RDA', false], vitamin_d_ug: [15, 'RDA', false],
    },
  },
  {
    // Whole band M: NASEM 4–8 y, from memory.
    maxMonths: Infinity, band: { id: '4-8y', label: '4–8 years' },
    row: {
      iron_mg: [10, 'RDA', true], zinc_mg: [5, 'RDA', true], calcium_mg: [1000, 'RDA', true],
      vitamin_c_mg: [25, 'RDA', true], protein_g: [19, 'RDA', true], vitamin_d_ug: [15, 'RDA', true],
    },
  },
];

/**
 * Energy target for solids only, both regions: WHO/PAHO energy needed from complementary foods
 * by a breastfed child (200 / 300 / 550 kcal a day at 6–8 / 9–11 / 12–23 months). Before 6
 * months no solids energy is expected and after 2 years WHO gives no figure, so null.
 */
function solidsEnergy(months: number): number | null {
  if (months < 6) return null;
  if (months < 9) return 200;
  if (months < 12) return 300;
  if (months < 24) return 550;
  return null;
}

export interface TargetSet {
  region: Region;
  age_band: AgeBand;
  basis: string;
  note: string;
  nutrients: Record<NutrientKey, NutrientTarget>;
}

/** Reference intakes for a child `months` old (30.4375-day months) in a region. */
export function targetsFor(region: Region, months: number): TargetSet {
  const table = region === 'us' ? US : UK;
  const m = Math.max(0, months);
  const entry = table.find((e) => m < e.maxMonths) ?? table[table.length - 1];
  const nutrients = {} as Record<NutrientKey, NutrientTarget>;
  const energy = solidsEnergy(m);
  nutrients.energy_kcal = {
    target: energy, unit: 'kcal', label: NUTRIENT_LABELS.energy_kcal,
    kind: 'WHO energy from complementary foods (breastfed child)', provisional: false,
  };
  for (const [k, [value, kind, provisional, range]] of Object.entries(entry.row) as [keyof Row, Row[keyof Row]][]) {
    nutrients[k] = { target: value, unit: UNITS[k], label: NUTRIENT_LABELS[k], kind, provisional, ...(range ? { range: { ...range } } : {}) };
  }
  return {
    region,
    age_band: entry.band,
    basis:
      region === 'us'
        ? 'US Dietary Reference Intakes (NASEM): RDA where set, otherwise AI'
        : 'UK Reference Nutrient Intakes (COMA 1991; PHE Government Dietary Recommendations 2016)',
    note:
      'Reference intakes cover everything eaten and drunk in a day. Only logged solid foods, and ' +
      'the vitamin D and iron drops logged with an amount, are counted here (breast milk and ' +
      'formula are not), so lower percentages are expected, especially before 12 months. Amounts ' +
      'from food use typical portions and are rough.',
    nutrients,
  };
}
