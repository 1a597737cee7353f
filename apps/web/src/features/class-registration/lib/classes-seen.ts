import type { BuilderClass, RegistrationBuilder } from '@pirouette/domain';

/**
 * The builder as the wizard works with it, though the server sends one location's week at a time
 * (decision 082): the week's answer, plus the classes of other locations seen in earlier weeks, so a
 * class picked at one location is still priced, checked and listed "elsewhere" after switching to
 * another. `seen` keeps every class of every answer, the latest of each; a seen class of the answer's
 * own location is left out (the answer lists all of that location's classes: one missing is gone).
 */
export function withClassesSeen(
  builder: RegistrationBuilder,
  seen: Map<string, BuilderClass>,
): RegistrationBuilder {
  const here = new Set(builder.sched.cls.map((c) => c.id));
  for (const c of builder.sched.cls) seen.set(c.id, c);
  const elsewhere = [...seen.values()].filter((c) => !here.has(c.id) && c.locationID !== builder.sched.locID);
  if (elsewhere.length === 0) return builder;
  return { ...builder, sched: { ...builder.sched, cls: [...builder.sched.cls, ...elsewhere] } };
}
