/** Scores are given in steps of 0.5 (the contract's `multipleOf: 0.5`): 7.5 is one, 7.3 is not. */
export const halfPoints = (value: number): boolean => Number.isInteger(value * 2);
