export function ClassSchedulePage() {
  return null;
}
