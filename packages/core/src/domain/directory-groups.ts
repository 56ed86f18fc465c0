// Directory group names (#29.3, #31.2): an application's internal activation groups name the
// directory groups whose members get access. One rule for the console and the API: names compare
// trimmed and in any letters, each activation group needs one, each name once.

/** A directory group name as it is compared: trimmed, in lower case (the activation groups, a user's groups at sign-in). */
export const directoryGroupKey = (name: string): string => name.trim().toLowerCase();

/** What is wrong with one activation group's directory group name. */
export type DirectoryGroupNameProblem = 'required' | 'duplicate';

/**
 * The problems of a list of activation groups' directory group names, by position: a blank name is
 * `required`; a name an earlier entry has already (trimmed, in any letters) is a `duplicate`, on the
 * repeated entry. Positions without a problem are left out.
 */
export function directoryGroupNameProblems(
  names: readonly string[],
): readonly { readonly index: number; readonly problem: DirectoryGroupNameProblem }[] {
  const seen = new Set<string>();
  return names.flatMap((name, index) => {
    const key = directoryGroupKey(name);
    const problem: DirectoryGroupNameProblem | undefined =
      key === '' ? 'required' : seen.has(key) ? 'duplicate' : undefined;
    seen.add(key);
    return problem === undefined ? [] : [{ index, problem }];
  });
}
