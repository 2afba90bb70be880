// One day of the printable report (GET /api/vega/report): its figures, as logged. Shared by the
// report (report.ts) and its words (report-text.ts).
export interface ReportDay {
  date: string;
  feeds: { count: number; bottle_count: number; bottle_ml: number; breastfeed_count: number; breastfeed_minutes: number };
  sleep: { total_minutes: number; longest_minutes: number; count: number };
  nappies: { wet: number; dirty: number; total: number };
  solids: number;
  /** 1.3.0: what a doctor asks about a poorly day, each as logged */
  temperatures: { ts: string; celsius: number; fahrenheit: number; method: string | null }[];
  medicines: { ts: string; medicine: string; amount: number | null; unit: string | null; author: string }[];
  milestones: { ts: string; title: string }[];
}
