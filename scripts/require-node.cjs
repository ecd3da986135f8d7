// Slotdesk runs on Node.js 24 LTS. `npm install` puts that runtime in node_modules (the `node`
// package), and npm scripts find it first on their PATH. This check runs before every script that
// starts Slotdesk; it is plain CommonJS so that any old Node can run it and say what is missing.
"use strict";
const REQUIRED_MAJOR = 24;
const major = Number(process.versions.node.split(".")[0]);
if (major !== REQUIRED_MAJOR) {
  console.error(
    `Slotdesk necesita Node.js ${REQUIRED_MAJOR} (LTS) y se está ejecutando con Node.js ${process.versions.node}.\n` +
      `Ejecute \`npm install\`: instala Node.js ${REQUIRED_MAJOR} dentro del proyecto (paquete «node» del registro de npm).\n` +
      `Si la instalación no puede llegar al registro, instale Node.js ${REQUIRED_MAJOR} en el equipo y vuelva a intentarlo.`,
  );
  process.exit(1);
}
