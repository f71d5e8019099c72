import type { SchoolClass } from '@dfrm/sdk/tms';

export interface Option {
  value: string;
  label: string;
}

function unique(classes: readonly SchoolClass[], id: keyof SchoolClass, name: keyof SchoolClass): Option[] {
  const seen = new Map<string, string>();
  for (const item of classes) seen.set(String(item[id]), String(item[name]));
  return [...seen].map(([value, label]) => ({ value, label }));
}

/** College → major → class narrow each other; grade applies across. */
export function classFilterOptions(
  classes: readonly SchoolClass[],
  picked: { collegeId?: string | undefined; majorId?: string | undefined; gradeId?: string | undefined },
) {
  const inCollege = classes.filter((item) => !picked.collegeId || item.collegeId === picked.collegeId);
  const inMajor = inCollege.filter((item) => !picked.majorId || item.majorId === picked.majorId);
  const inGrade = inMajor.filter((item) => !picked.gradeId || item.gradeId === picked.gradeId);
  return {
    colleges: unique(classes, 'collegeId', 'collegeName'),
    majors: unique(inCollege, 'majorId', 'majorName'),
    grades: unique(classes, 'gradeId', 'gradeName'),
    classes: inGrade.map((item) => ({ value: item.classId, label: item.className })),
  };
}
