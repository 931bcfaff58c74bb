// The spec `docsgen init` writes when it is not given one: a small API of its own (a link
// shortener) with the parts a reference shows — tags, a path parameter, a cursor, a request
// body, typed errors, a security scheme and examples valid against their schemas — so a new
// project sees every kind of page before it brings its own spec.
export const SAMPLE_SPEC_FILE = 'openapi.yaml';

export const sampleSpec = `openapi: 3.1.0
info:
  title: Shortlinks API
  version: 1.0.0
  summary: Create short links and see how often they are followed.
  description: |
    The Shortlinks API turns long URLs into short ones on your own domain and counts
    the visits to each. Every request is authenticated with a bearer token; every
    response is JSON.
servers:
  - url: https://api.shortlinks.example/v1
    description: Production
security:
  - bearerAuth: []
tags:
  - name: Links
    description: Create, look up and delete short links.
  - name: Stats
    description: Visit counts of a short link.
paths:
  /links:
    get:
      tags: [Links]
      operationId: listLinks
      summary: List links
      description: Returns your links, newest first, a page at a time.
      parameters:
        - name: limit
          in: query
          description: How many links to return.
          schema: { type: integer, minimum: 1, maximum: 100, default: 20 }
        - name: cursor
          in: query
          description: The \`next_cursor\` of the previous page; omit it for the first page.
          schema: { type: string }
      responses:
        '200':
          description: A page of links.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/LinkPage' }
              example:
                data:
                  - slug: spring-sale
                    target: https://shop.example.com/collections/spring?utm_source=newsletter
                    short_url: https://sl.example/spring-sale
                    created_at: '2025-03-02T09:15:00Z'
                next_cursor: null
        '401': { $ref: '#/components/responses/Unauthorized' }
    post:
      tags: [Links]
      operationId: createLink
      summary: Create a link
      description: Creates a short link. Leave out \`slug\` to get a random one.
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/NewLink' }
            example:
              target: https://shop.example.com/collections/spring?utm_source=newsletter
              slug: spring-sale
      responses:
        '201':
          description: The link was created.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Link' }
              example:
                slug: spring-sale
                target: https://shop.example.com/collections/spring?utm_source=newsletter
                short_url: https://sl.example/spring-sale
                created_at: '2025-03-02T09:15:00Z'
        '401': { $ref: '#/components/responses/Unauthorized' }
        '409':
          description: Another link already uses this slug.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Error' }
              example: { code: slug_taken, message: The slug "spring-sale" is already in use. }
  /links/{slug}:
    parameters:
      - $ref: '#/components/parameters/Slug'
    get:
      tags: [Links]
      operationId: getLink
      summary: Get a link
      responses:
        '200':
          description: The link.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Link' }
              example:
                slug: spring-sale
                target: https://shop.example.com/collections/spring?utm_source=newsletter
                short_url: https://sl.example/spring-sale
                created_at: '2025-03-02T09:15:00Z'
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
    delete:
      tags: [Links]
      operationId: deleteLink
      summary: Delete a link
      description: Deletes the link; following it afterwards gives 404. Its slug can be used again.
      responses:
        '204':
          description: The link was deleted.
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
  /links/{slug}/stats:
    parameters:
      - $ref: '#/components/parameters/Slug'
    get:
      tags: [Stats]
      operationId: getLinkStats
      summary: Get visit counts
      description: Counts the visits to a link per day, in UTC, for the last \`days\` days.
      parameters:
        - name: days
          in: query
          description: How many days to count, today included.
          schema: { type: integer, minimum: 1, maximum: 90, default: 7 }
      responses:
        '200':
          description: The visit counts.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/LinkStats' }
              example:
                slug: spring-sale
                total: 42
                days:
                  - { date: '2025-03-02', visits: 30 }
                  - { date: '2025-03-03', visits: 12 }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
components:
  securitySchemes:
    bearerAuth:
      type: http
      scheme: bearer
      description: 'An API token from your account settings, sent as \`Authorization: Bearer <token>\`.'
  parameters:
    Slug:
      name: slug
      in: path
      required: true
      description: The short link's slug, the part after the domain.
      schema: { $ref: '#/components/schemas/Slug' }
  responses:
    Unauthorized:
      description: The token is missing or not valid.
      content:
        application/json:
          schema: { $ref: '#/components/schemas/Error' }
          example: { code: unauthorized, message: Send a valid token in the Authorization header. }
    NotFound:
      description: No link has this slug.
      content:
        application/json:
          schema: { $ref: '#/components/schemas/Error' }
          example: { code: not_found, message: No link has the slug "spring-sale". }
  schemas:
    Slug:
      type: string
      pattern: '^[a-z0-9-]{3,40}$'
      description: Lower-case letters, digits and dashes, 3 to 40 of them.
      examples: [spring-sale]
    NewLink:
      type: object
      required: [target]
      properties:
        target:
          type: string
          format: uri
          description: The URL the short link leads to.
        slug:
          $ref: '#/components/schemas/Slug'
    Link:
      type: object
      required: [slug, target, short_url, created_at]
      properties:
        slug: { $ref: '#/components/schemas/Slug' }
        target: { type: string, format: uri, description: The URL the short link leads to. }
        short_url: { type: string, format: uri, description: The short link itself. }
        created_at: { type: string, format: date-time, description: When the link was created. }
    LinkPage:
      type: object
      required: [data, next_cursor]
      properties:
        data:
          type: array
          items: { $ref: '#/components/schemas/Link' }
        next_cursor:
          type: [string, 'null']
          description: Pass it as \`cursor\` to get the next page; \`null\` on the last page.
    LinkStats:
      type: object
      required: [slug, total, days]
      properties:
        slug: { $ref: '#/components/schemas/Slug' }
        total: { type: integer, minimum: 0, description: Visits over the whole period. }
        days:
          type: array
          items:
            type: object
            required: [date, visits]
            properties:
              date: { type: string, format: date }
              visits: { type: integer, minimum: 0 }
    Error:
      type: object
      required: [code, message]
      properties:
        code:
          type: string
          description: A stable, machine-readable error code.
        message:
          type: string
          description: What went wrong, for people.
`;
