export function PrivatesPage() {
  return null;
}
