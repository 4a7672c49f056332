/**
 * True exactly when A and B are the same type (each assignable to the other), else false: a zod-free
 * copy of a shape states `const proof: Same<z.infer<typeof schema>, Copy> = true` beside its schema,
 * so that the two cannot drift apart without the typecheck failing.
 */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
