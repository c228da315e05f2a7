/** The zh-CN strings' literal types widened to string: the shape every language must provide. */
export type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
