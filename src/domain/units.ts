// Conversion factors between the metric units the log stores and the units people and other
// apps write (imports read them; Home Assistant's state shows them in the family's units).
export const ML_PER_FL_OZ = 29.5735;
export const KG_PER_LB = 0.45359237;
export const KG_PER_OZ = KG_PER_LB / 16;
export const CM_PER_IN = 2.54;
/** A medicine's teaspoon: the 5 ml measuring spoon that comes with liquid medicines. */
export const ML_PER_TSP = 5;
