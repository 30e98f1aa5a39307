// Lists the tools of an MCP endpoint and calls one, with the official TypeScript SDK.
// Usage: node ts_client.mjs URL TOOL JSON_ARGS   -> prints {"tools": [...], "result": {...}}
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [url, tool, args] = process.argv.slice(2);
const client = new Client({ name: "saasgym-ts-test", version: "1.0.0" });
await client.connect(new StreamableHTTPClientTransport(new URL(url)));
const tools = await client.listTools();
const result = await client.callTool({ name: tool, arguments: JSON.parse(args) });
console.log(JSON.stringify({
  protocol: client.getServerVersion() ? "connected" : "unknown",
  server: client.getServerVersion() ?? null,
  sessionId: client.transport?.sessionId ?? null,
  tools: tools.tools.map((t) => t.name),
  result,
}));
await client.close();
