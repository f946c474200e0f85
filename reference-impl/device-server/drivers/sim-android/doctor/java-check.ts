// Doctor: Java, through JAVA_HOME/bin/java or java on PATH.
import path from 'node:path';
import { isExecutable, missing, ok, requiredCheck, which } from './env-probe.ts';

export function diagnoseJava(env: NodeJS.ProcessEnv) {
  // Stryker disable next-line StringLiteral: not shown: where a driver looks for a dependency (Command line: `driver doctor` names the dependencies, Android SDK, ADB and Java, not where they are found), the mutant changes only the JAVA_HOME lookup
  const javaHome = env['JAVA_HOME'];
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: not shown: where a driver looks for a dependency (Command line: `driver doctor` names the dependencies, Android SDK, ADB and Java, not where they are found), the mutants change only the JAVA_HOME lookup; → false, the 'win32' and 'java.exe' literals are equivalent off Windows (the suites run on Linux)
  const fromHome = javaHome ? path.join(javaHome, 'bin', process.platform === 'win32' ? 'java.exe' : 'java') : undefined;
  if (fromHome && isExecutable(fromHome)) return ok(`Java: found at '${fromHome}' (JAVA_HOME)`);
  // Stryker disable next-line StringLiteral: not shown: where a driver looks for a dependency (Command line: `driver doctor` names the dependencies, Android SDK, ADB and Java, not where they are found), the mutant changes only the PATH lookup
  const onPath = which('java', env);
  // Stryker disable next-line StringLiteral: operational record, the wording of a check's line (shown only when JAVA_HOME holds no java)
  if (onPath) return ok(`Java: found at '${onPath}' (PATH)`);
  return missing(
    `Java: java is not on PATH${
      // Stryker disable next-line StringLiteral: operational record, the wording of the failed check's line
      fromHome ? ` nor at '${fromHome}'` : ' and JAVA_HOME is not set'
    }`,
  );
}

export const javaCheck = requiredCheck(
  () => diagnoseJava(process.env),
  // Stryker disable next-line StringLiteral: operational record, the fix hint
  'Install a JDK (17 or newer) and set JAVA_HOME to it, or put its bin directory on PATH',
);
