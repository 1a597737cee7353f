/** A dancer's registration in a class, as a key of maps and selections: `student:class`. */
export const registrationKey = (studentId: string, classId: string) => `${studentId}:${classId}`;
