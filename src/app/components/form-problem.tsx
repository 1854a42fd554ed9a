/**
 * A form's problem: why what the person asked for was not done, announced at once (role="alert")
 * and shown in the problem style. Nothing at all while there is none, so a screen writes
 * `<FormProblem>{problem}</FormProblem>` whatever `problem` holds. The one place this markup is
 * written (tests/architecture/one-form-problem.test.ts).
 */
import type { ReactNode } from 'react';

export function FormProblem({ children }: { children: ReactNode }): ReactNode {
  if (children === null || children === undefined || children === false || children === '') {
    return null;
  }
  return (
    <p className="form-message form-message--problem" role="alert">
      {children}
    </p>
  );
}
