// The API stores and exchanges metric only; imperial families see and type lb/oz and inches.
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
    return `${lb} lb ${oz} oz`;
  }
  return `${Math.round(kg * 1000) / 1000} kg`;
}
export function showLength(cm: number | null | undefined, units: string): string {
  if (cm == null) return '';
  return units === 'imperial' ? `${cmToIn(cm)} in` : `${Math.round(cm * 10) / 10} cm`;
}
export function showMl(ml: number | null | undefined, units: string): string {
  if (ml == null) return '';
  return units === 'imperial' ? `${ml} ml (${Math.round((ml / ML_PER_FLOZ) * 10) / 10} fl oz)` : `${ml} ml`;
}
