// The API stores and exchanges metric only; imperial families see and type lb/oz and inches.
// Numbers are shown with the caregiver's decimal mark ("38,2 °C"; i18n/core).
import { num } from '../i18n/core.ts';
export const KG_PER_LB = 0.45359237;
export const CM_PER_IN = 2.54;
export const ML_PER_FLOZ = 29.5735;

export function kgToLbOz(kg: number): { lb: number; oz: number } {
  const totalOz = Math.round((kg / KG_PER_LB) * 16 * 10) / 10;
  const lb = Math.floor(totalOz / 16);
  return { lb, oz: Math.round((totalOz - lb * 16) * 10) / 10 };
}
export const lbOzToKg = (lb: number, oz: number) => Math.round((lb + oz / 16) * KG_PER_LB * 1000) / 1000;
export const cmToIn = (cm: number) => Math.round((cm / CM_PER_IN) * 10) / 10;
export const inToCm = (inches: number) => Math.round(inches * CM_PER_IN * 10) / 10;

export function showWeight(kg: number | null | undefined, units: string): string {
  if (kg == null) return '';
  if (units === 'imperial') {
    const { lb, oz } = kgToLbOz(kg);
    return `${num(lb)} lb ${num(oz, 1)} oz`;
  }
  return `${num(Math.round(kg * 1000) / 1000, 3)} kg`;
}
export function showLength(cm: number | null | undefined, units: string): string {
  if (cm == null) return '';
  return units === 'imperial' ? `${num(cmToIn(cm), 1)} in` : `${num(Math.round(cm * 10) / 10, 1)} cm`;
}
export function showMl(ml: number | null | undefined, units: string): string {
  if (ml == null) return '';
  return units === 'imperial' ? `${num(ml)} ml (${num(Math.round((ml / ML_PER_FLOZ) * 10) / 10, 1)} fl oz)` : `${num(ml)} ml`;
}

/** °F from °C to one decimal, as the API derives it. */
export const cToF = (c: number) => Math.round((c * 9 / 5 + 32) * 10) / 10;
/** One decimal, as a thermometer shows it: 38.2 °C, or 100.8 °F for imperial families. */
export function showTemp(t: { celsius?: number | null; fahrenheit?: number | null }, units: string): string {
  const c = t.celsius ?? (t.fahrenheit != null ? (t.fahrenheit - 32) * 5 / 9 : null);
  if (c == null) return '';
  if (units === 'imperial') return `${num(t.fahrenheit ?? cToF(c), 1, 1)} °F`;
  return `${num(c, 1, 1)} °C`;
}
/** Whole ml from fl oz (the API takes whole ml). */
export const flozToMl = (oz: number) => Math.round(oz * ML_PER_FLOZ);
