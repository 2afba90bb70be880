// The age band's reference figures shown in the profile (filled in by the insights rules).
import type { FamilyRow } from './family-row.ts';

export function ageBandTargets(_family: FamilyRow, _now: number): Record<string, unknown> {
  return {};
}
