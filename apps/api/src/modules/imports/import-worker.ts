import { planImport, type ImportPlan, type ImportTask } from './import-plan.ts';

/** One import file per call, inside a worker thread of the import pool (import-pool.ts). */
export default function planInWorker(task: ImportTask): ImportPlan {
  return planImport(task);
}
