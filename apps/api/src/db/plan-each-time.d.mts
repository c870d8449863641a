/** Whether a statement is planned with its values on every run (plan-each-time.mjs). */
export declare const plannedEachTime: (text: string) => boolean;
