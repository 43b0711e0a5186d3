import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type CliCommand, CliUsageError } from './command.ts';

/**
 * `upside <command> [flags]`. Each command is one file in ./commands exporting a `command`
 * object, so adding a command never touches this dispatcher.
 */
const commandsDir = fileURLToPath(new URL('./commands/', import.meta.url));
/** '.ts' when run from the sources (tsx, Vitest), '.js' when run compiled (dist/, decision 018). */
const EXT = import.meta.url.endsWith('.ts') ? '.ts' : '.js';

async function listCommands(): Promise<string[]> {
  const files = await readdir(commandsDir);
  return files
    .filter((file) => file.endsWith(EXT) && !file.endsWith(`.test${EXT}`))
    .map((file) => file.slice(0, -EXT.length))
    .sort();
}

async function loadCommand(name: string): Promise<CliCommand | undefined> {
  if (!(await listCommands()).includes(name)) return undefined;
  const module = (await import(new URL(`./commands/${name}${EXT}`, import.meta.url).href)) as {
    command: CliCommand;
  };
  return module.command;
}

async function printHelp(): Promise<void> {
  const lines = ['Usage: upside <command> [options]', '', 'Commands:'];
  for (const name of await listCommands()) {
    const command = await loadCommand(name);
    if (command) lines.push(`  ${name.padEnd(14)} ${command.summary}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === 'help') {
    await printHelp();
    return name ? 0 : 2;
  }
  const command = await loadCommand(name);
  if (!command) {
    process.stderr.write(`upside: unknown command '${name}'. Run 'upside --help' for the list.\n`);
    return 2;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    if (error instanceof CliUsageError) {
      process.stderr.write(`upside ${name}: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

const code = await main(process.argv.slice(2));
if (code !== 0) process.exitCode = code;
