import { afterEach, vi } from "vitest";

// A test that logs console.error hides a problem: fail it instead.
const original = console.error;
let logged: unknown[][] = [];
console.error = (...args: unknown[]) => {
  logged.push(args);
  original(...args);
};
afterEach(() => {
  const errors = logged;
  logged = [];
  vi.restoreAllMocks();
  if (errors.length > 0) throw new Error(`console.error was called: ${String(errors[0]?.[0])}`);
});
