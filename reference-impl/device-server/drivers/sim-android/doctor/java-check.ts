// Doctor: Java, through JAVA_HOME/bin/java or java on PATH.
import path from 'node:path';
import { isExecutable, missing, ok, requiredCheck, which } from './env-probe.ts';

export function diagnoseJava(env: NodeJS.ProcessEnv) {
  const javaHome = env['JAVA_HOME'];
  const fromHome = javaHome ? path.join(javaHome, 'bin', process.platform === 'win32' ? 'java.exe' : 'java') : undefined;
  if (fromHome && isExecutable(fromHome)) return ok(`Java: found at '${fromHome}' (JAVA_HOME)`);
  const onPath = which('java', env);
  if (onPath) return ok(`Java: found at '${onPath}' (PATH)`);
  return missing(
    `Java: java is not on PATH${
      fromHome ? ` nor at '${fromHome}'` : ' and JAVA_HOME is not set'
    }`,
  );
}

export const javaCheck = requiredCheck(
  () => diagnoseJava(process.env),
  'Install a JDK (17 or newer) and set JAVA_HOME to it, or put its bin directory on PATH',
);
