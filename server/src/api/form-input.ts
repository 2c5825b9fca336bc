/** Zod pieces shared by the console's input shapes: forms may send numbers as strings. */
import { z } from 'zod';

/** A whole number, given as a number or as its decimal text (`"-3"`, `" 42 "`). */
export const formInteger = z.union([
  z.number().int(),
  z
    .string()
    .trim()
    .regex(/^-?\d+$/)
    .transform(Number),
]);

/** A row id: a positive whole number, as a number or as text. */
export const formId = formInteger.pipe(z.number().int().positive());
