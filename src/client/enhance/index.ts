// Behaviours that work from page load without React: each is a small module with a start().
export function startEnhancements(): void {}
