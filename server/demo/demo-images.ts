import type { FastifyInstance } from 'fastify';

const palette = ['#1d4ed8', '#047857', '#b45309', '#7c3aed', '#be123c', '#0f766e', '#4338ca', '#a16207'];

/** Generated product pictures for the demo data: a coloured tile with the product id, no network needed. */
export async function demoImageRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: string } }>('/demo-images/:id', { schema: { hide: true } }, async (request, reply) => {
    const match = /^([A-Za-z0-9-]{1,40})\.svg$/.exec(request.params.id);
    if (!match) return reply.callNotFound();
    const id = match[1];
    const colour = palette[[...id].reduce((sum, c) => sum + c.charCodeAt(0), 0) % palette.length];
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160" role="img" aria-label="Generated picture of ${id}">
<rect width="160" height="160" rx="12" fill="${colour}"/>
<text x="80" y="88" font-family="sans-serif" font-size="20" fill="#fff" text-anchor="middle">${id}</text>
</svg>`;
    return reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(svg);
  });
}
