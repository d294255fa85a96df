var __defProp = Object.defineProperty;
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
var __publicField = (obj, key, value) => __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);

// clients/typescript/src/core/bodySerializer.gen.ts
var jsonBodySerializer = {
  bodySerializer: (body) => JSON.stringify(body, (_key, value) => typeof value === "bigint" ? value.toString() : value)
};

// clients/typescript/src/core/params.gen.ts
var extraPrefixesMap = {
  $body_: "body",
  $headers_: "headers",
  $path_: "path",
  $query_: "query"
};
var extraPrefixes = Object.entries(extraPrefixesMap);

// clients/typescript/src/core/serverSentEvents.gen.ts
var createSseClient = ({
  onRequest,
  onSseError,
  onSseEvent,
  responseTransformer,
  responseValidator,
  sseDefaultRetryDelay,
  sseMaxRetryAttempts,
  sseMaxRetryDelay,
  sseSleepFn,
  url,
  ...options2
}) => {
  let lastEventId;
  const sleep = sseSleepFn ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  const createStream = async function* () {
    let retryDelay = sseDefaultRetryDelay ?? 3e3;
    let attempt = 0;
    const signal = options2.signal ?? new AbortController().signal;
    while (true) {
      if (signal.aborted) break;
      attempt++;
      const headers = options2.headers instanceof Headers ? options2.headers : new Headers(options2.headers);
      if (lastEventId !== void 0) {
        headers.set("Last-Event-ID", lastEventId);
      }
      try {
        const requestInit = {
          redirect: "follow",
          ...options2,
          body: options2.serializedBody,
          headers,
          signal
        };
        let request = new Request(url, requestInit);
        if (onRequest) {
          request = await onRequest(url, requestInit);
        }
        const _fetch = options2.fetch ?? globalThis.fetch;
        const response = await _fetch(request);
        if (!response.ok) throw new Error(`SSE failed: ${response.status} ${response.statusText}`);
        if (!response.body) throw new Error("No body in SSE response");
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = "";
        const abortHandler = () => {
          try {
            reader.cancel();
          } catch {
          }
        };
        signal.addEventListener("abort", abortHandler);
        try {
          while (true) {
            const { done: done2, value } = await reader.read();
            if (done2) break;
            buffer += value;
            buffer = buffer.replace(/\r\n/g, "\n").replace(/\r/g, "\n");
            const chunks = buffer.split("\n\n");
            buffer = chunks.pop() ?? "";
            for (const chunk of chunks) {
              const lines2 = chunk.split("\n");
              const dataLines = [];
              let eventName;
              for (const line of lines2) {
                if (line.startsWith("data:")) {
                  dataLines.push(line.replace(/^data:\s*/, ""));
                } else if (line.startsWith("event:")) {
                  eventName = line.replace(/^event:\s*/, "");
                } else if (line.startsWith("id:")) {
                  lastEventId = line.replace(/^id:\s*/, "");
                } else if (line.startsWith("retry:")) {
                  const parsed = Number.parseInt(line.replace(/^retry:\s*/, ""), 10);
                  if (!Number.isNaN(parsed)) {
                    retryDelay = parsed;
                  }
                }
              }
              let data;
              let parsedJson = false;
              if (dataLines.length) {
                const rawData = dataLines.join("\n");
                try {
                  data = JSON.parse(rawData);
                  parsedJson = true;
                } catch {
                  data = rawData;
                }
              }
              if (parsedJson) {
                if (responseValidator) {
                  await responseValidator(data);
                }
                if (responseTransformer) {
                  data = await responseTransformer(data);
                }
              }
              onSseEvent?.({
                data,
                event: eventName,
                id: lastEventId,
                retry: retryDelay
              });
              if (dataLines.length) {
                yield data;
              }
            }
          }
        } finally {
          signal.removeEventListener("abort", abortHandler);
          reader.releaseLock();
        }
        break;
      } catch (error) {
        onSseError?.(error);
        if (sseMaxRetryAttempts !== void 0 && attempt >= sseMaxRetryAttempts) {
          break;
        }
        const backoff = Math.min(retryDelay * 2 ** (attempt - 1), sseMaxRetryDelay ?? 3e4);
        await sleep(backoff);
      }
    }
  };
  const stream = createStream();
  return { stream };
};

// clients/typescript/src/core/pathSerializer.gen.ts
var separatorArrayExplode = (style) => {
  switch (style) {
    case "label":
      return ".";
    case "matrix":
      return ";";
    case "simple":
      return ",";
    default:
      return "&";
  }
};
var separatorArrayNoExplode = (style) => {
  switch (style) {
    case "form":
      return ",";
    case "pipeDelimited":
      return "|";
    case "spaceDelimited":
      return "%20";
    default:
      return ",";
  }
};
var separatorObjectExplode = (style) => {
  switch (style) {
    case "label":
      return ".";
    case "matrix":
      return ";";
    case "simple":
      return ",";
    default:
      return "&";
  }
};
var serializeArrayParam = ({
  allowReserved,
  explode,
  name,
  style,
  value
}) => {
  if (!explode) {
    const joinedValues2 = (allowReserved ? value : value.map((v) => encodeURIComponent(v))).join(separatorArrayNoExplode(style));
    switch (style) {
      case "label":
        return `.${joinedValues2}`;
      case "matrix":
        return `;${name}=${joinedValues2}`;
      case "simple":
        return joinedValues2;
      default:
        return `${name}=${joinedValues2}`;
    }
  }
  const separator = separatorArrayExplode(style);
  const joinedValues = value.map((v) => {
    if (style === "label" || style === "simple") {
      return allowReserved ? v : encodeURIComponent(v);
    }
    return serializePrimitiveParam({
      allowReserved,
      name,
      value: v
    });
  }).join(separator);
  return style === "label" || style === "matrix" ? separator + joinedValues : joinedValues;
};
var serializePrimitiveParam = ({
  allowReserved,
  name,
  value
}) => {
  if (value === void 0 || value === null) {
    return "";
  }
  if (typeof value === "object") {
    throw new Error(
      "Deeply-nested arrays/objects aren’t supported. Provide your own `querySerializer()` to handle these."
    );
  }
  return `${name}=${allowReserved ? value : encodeURIComponent(value)}`;
};
var serializeObjectParam = ({
  allowReserved,
  explode,
  name,
  style,
  value,
  valueOnly
}) => {
  if (value instanceof Date) {
    return valueOnly ? value.toISOString() : `${name}=${value.toISOString()}`;
  }
  if (style !== "deepObject" && !explode) {
    let values2 = [];
    Object.entries(value).forEach(([key, v]) => {
      values2 = [...values2, key, allowReserved ? v : encodeURIComponent(v)];
    });
    const joinedValues2 = values2.join(",");
    switch (style) {
      case "form":
        return `${name}=${joinedValues2}`;
      case "label":
        return `.${joinedValues2}`;
      case "matrix":
        return `;${name}=${joinedValues2}`;
      default:
        return joinedValues2;
    }
  }
  const separator = separatorObjectExplode(style);
  const joinedValues = Object.entries(value).map(
    ([key, v]) => serializePrimitiveParam({
      allowReserved,
      name: style === "deepObject" ? `${name}[${key}]` : key,
      value: v
    })
  ).join(separator);
  return style === "label" || style === "matrix" ? separator + joinedValues : joinedValues;
};

// clients/typescript/src/core/utils.gen.ts
var PATH_PARAM_RE = /\{[^{}]+\}/g;
var defaultPathSerializer = ({ path, url: _url }) => {
  let url = _url;
  const matches = _url.match(PATH_PARAM_RE);
  if (matches) {
    for (const match2 of matches) {
      let explode = false;
      let name = match2.substring(1, match2.length - 1);
      let style = "simple";
      if (name.endsWith("*")) {
        explode = true;
        name = name.substring(0, name.length - 1);
      }
      if (name.startsWith(".")) {
        name = name.substring(1);
        style = "label";
      } else if (name.startsWith(";")) {
        name = name.substring(1);
        style = "matrix";
      }
      const value = path[name];
      if (value === void 0 || value === null) {
        continue;
      }
      if (Array.isArray(value)) {
        url = url.replace(match2, serializeArrayParam({ explode, name, style, value }));
        continue;
      }
      if (typeof value === "object") {
        url = url.replace(
          match2,
          serializeObjectParam({
            explode,
            name,
            style,
            value,
            valueOnly: true
          })
        );
        continue;
      }
      if (style === "matrix") {
        url = url.replace(
          match2,
          `;${serializePrimitiveParam({
            name,
            value
          })}`
        );
        continue;
      }
      const replaceValue = encodeURIComponent(
        style === "label" ? `.${value}` : value
      );
      url = url.replace(match2, replaceValue);
    }
  }
  return url;
};
var getUrl = ({
  baseUrl,
  path,
  query,
  querySerializer,
  url: _url
}) => {
  const pathUrl = _url.startsWith("/") ? _url : `/${_url}`;
  let url = (baseUrl ?? "") + pathUrl;
  if (path) {
    url = defaultPathSerializer({ path, url });
  }
  let search = query ? querySerializer(query) : "";
  if (search.startsWith("?")) {
    search = search.substring(1);
  }
  if (search) {
    url += `?${search}`;
  }
  return url;
};
function getValidRequestBody(options2) {
  const hasBody = options2.body !== void 0;
  const isSerializedBody = hasBody && options2.bodySerializer;
  if (isSerializedBody) {
    if ("serializedBody" in options2) {
      const hasSerializedBody = options2.serializedBody !== void 0 && options2.serializedBody !== "";
      return hasSerializedBody ? options2.serializedBody : null;
    }
    return options2.body !== "" ? options2.body : null;
  }
  if (hasBody) {
    return options2.body;
  }
  return void 0;
}

// clients/typescript/src/core/auth.gen.ts
var getAuthToken = async (auth, callback) => {
  const token = typeof callback === "function" ? await callback(auth) : callback;
  if (!token) {
    return;
  }
  if (auth.scheme === "bearer") {
    return `Bearer ${token}`;
  }
  if (auth.scheme === "basic") {
    return `Basic ${btoa(token)}`;
  }
  return token;
};

// clients/typescript/src/client/utils.gen.ts
var createQuerySerializer = ({
  parameters = {},
  ...args
} = {}) => {
  const querySerializer = (queryParams) => {
    const search = [];
    if (queryParams && typeof queryParams === "object") {
      for (const name in queryParams) {
        const value = queryParams[name];
        if (value === void 0 || value === null) {
          continue;
        }
        const options2 = parameters[name] || args;
        if (Array.isArray(value)) {
          const serializedArray = serializeArrayParam({
            allowReserved: options2.allowReserved,
            explode: true,
            name,
            style: "form",
            value,
            ...options2.array
          });
          if (serializedArray) search.push(serializedArray);
        } else if (typeof value === "object") {
          const serializedObject = serializeObjectParam({
            allowReserved: options2.allowReserved,
            explode: true,
            name,
            style: "deepObject",
            value,
            ...options2.object
          });
          if (serializedObject) search.push(serializedObject);
        } else {
          const serializedPrimitive = serializePrimitiveParam({
            allowReserved: options2.allowReserved,
            name,
            value
          });
          if (serializedPrimitive) search.push(serializedPrimitive);
        }
      }
    }
    return search.join("&");
  };
  return querySerializer;
};
var getParseAs = (contentType) => {
  if (!contentType) {
    return "stream";
  }
  const cleanContent = contentType.split(";")[0]?.trim();
  if (!cleanContent) {
    return;
  }
  if (cleanContent.startsWith("application/json") || cleanContent.endsWith("+json")) {
    return "json";
  }
  if (cleanContent === "multipart/form-data") {
    return "formData";
  }
  if (["application/", "audio/", "image/", "video/"].some((type) => cleanContent.startsWith(type))) {
    return "blob";
  }
  if (cleanContent.startsWith("text/")) {
    return "text";
  }
  return;
};
var checkForExistence = (options2, name) => {
  if (!name) {
    return false;
  }
  if (options2.headers.has(name) || options2.query?.[name] || options2.headers.get("Cookie")?.includes(`${name}=`)) {
    return true;
  }
  return false;
};
var setAuthParams = async ({
  security,
  ...options2
}) => {
  for (const auth of security) {
    if (checkForExistence(options2, auth.name)) {
      continue;
    }
    const token = await getAuthToken(auth, options2.auth);
    if (!token) {
      continue;
    }
    const name = auth.name ?? "Authorization";
    switch (auth.in) {
      case "query":
        if (!options2.query) {
          options2.query = {};
        }
        options2.query[name] = token;
        break;
      case "cookie":
        options2.headers.append("Cookie", `${name}=${token}`);
        break;
      case "header":
      default:
        options2.headers.set(name, token);
        break;
    }
  }
};
var buildUrl = (options2) => getUrl({
  baseUrl: options2.baseUrl,
  path: options2.path,
  query: options2.query,
  querySerializer: typeof options2.querySerializer === "function" ? options2.querySerializer : createQuerySerializer(options2.querySerializer),
  url: options2.url
});
var mergeConfigs = (a, b) => {
  const config = { ...a, ...b };
  if (config.baseUrl?.endsWith("/")) {
    config.baseUrl = config.baseUrl.substring(0, config.baseUrl.length - 1);
  }
  config.headers = mergeHeaders(a.headers, b.headers);
  return config;
};
var headersEntries = (headers) => {
  const entries = [];
  headers.forEach((value, key) => {
    entries.push([key, value]);
  });
  return entries;
};
var mergeHeaders = (...headers) => {
  const mergedHeaders = new Headers();
  for (const header of headers) {
    if (!header) {
      continue;
    }
    const iterator = header instanceof Headers ? headersEntries(header) : Object.entries(header);
    for (const [key, value] of iterator) {
      if (value === null) {
        mergedHeaders.delete(key);
      } else if (Array.isArray(value)) {
        for (const v of value) {
          mergedHeaders.append(key, v);
        }
      } else if (value !== void 0) {
        mergedHeaders.set(
          key,
          typeof value === "object" ? JSON.stringify(value) : value
        );
      }
    }
  }
  return mergedHeaders;
};
var Interceptors = class {
  constructor() {
    __publicField(this, "fns", []);
  }
  clear() {
    this.fns = [];
  }
  eject(id) {
    const index = this.getInterceptorIndex(id);
    if (this.fns[index]) {
      this.fns[index] = null;
    }
  }
  exists(id) {
    const index = this.getInterceptorIndex(id);
    return Boolean(this.fns[index]);
  }
  getInterceptorIndex(id) {
    if (typeof id === "number") {
      return this.fns[id] ? id : -1;
    }
    return this.fns.indexOf(id);
  }
  update(id, fn) {
    const index = this.getInterceptorIndex(id);
    if (this.fns[index]) {
      this.fns[index] = fn;
      return id;
    }
    return false;
  }
  use(fn) {
    this.fns.push(fn);
    return this.fns.length - 1;
  }
};
var createInterceptors = () => ({
  error: new Interceptors(),
  request: new Interceptors(),
  response: new Interceptors()
});
var defaultQuerySerializer = createQuerySerializer({
  allowReserved: false,
  array: {
    explode: true,
    style: "form"
  },
  object: {
    explode: true,
    style: "deepObject"
  }
});
var defaultHeaders = {
  "Content-Type": "application/json"
};
var createConfig = (override = {}) => ({
  ...jsonBodySerializer,
  headers: defaultHeaders,
  parseAs: "auto",
  querySerializer: defaultQuerySerializer,
  ...override
});

// clients/typescript/src/client/client.gen.ts
var createClient = (config = {}) => {
  let _config = mergeConfigs(createConfig(), config);
  const getConfig = () => ({ ..._config });
  const setConfig = (config2) => {
    _config = mergeConfigs(_config, config2);
    return getConfig();
  };
  const interceptors = createInterceptors();
  const beforeRequest = async (options2) => {
    const opts = {
      ..._config,
      ...options2,
      fetch: options2.fetch ?? _config.fetch ?? globalThis.fetch,
      headers: mergeHeaders(_config.headers, options2.headers),
      serializedBody: void 0
    };
    if (opts.security) {
      await setAuthParams({
        ...opts,
        security: opts.security
      });
    }
    if (opts.requestValidator) {
      await opts.requestValidator(opts);
    }
    if (opts.body !== void 0 && opts.bodySerializer) {
      opts.serializedBody = opts.bodySerializer(opts.body);
    }
    if (opts.body === void 0 || opts.serializedBody === "") {
      opts.headers.delete("Content-Type");
    }
    const resolvedOpts = opts;
    const url = buildUrl(resolvedOpts);
    return { opts: resolvedOpts, url };
  };
  const request = async (options2) => {
    const { opts, url } = await beforeRequest(options2);
    const requestInit = {
      redirect: "follow",
      ...opts,
      body: getValidRequestBody(opts)
    };
    let request2 = new Request(url, requestInit);
    for (const fn of interceptors.request.fns) {
      if (fn) {
        request2 = await fn(request2, opts);
      }
    }
    const _fetch = opts.fetch;
    let response;
    try {
      response = await _fetch(request2);
    } catch (error2) {
      let finalError2 = error2;
      for (const fn of interceptors.error.fns) {
        if (fn) {
          finalError2 = await fn(error2, void 0, request2, opts);
        }
      }
      finalError2 = finalError2 || {};
      if (opts.throwOnError) {
        throw finalError2;
      }
      return opts.responseStyle === "data" ? void 0 : {
        error: finalError2,
        request: request2,
        response: void 0
      };
    }
    for (const fn of interceptors.response.fns) {
      if (fn) {
        response = await fn(response, request2, opts);
      }
    }
    const result = {
      request: request2,
      response
    };
    if (response.ok) {
      const parseAs = (opts.parseAs === "auto" ? getParseAs(response.headers.get("Content-Type")) : opts.parseAs) ?? "json";
      if (response.status === 204 || response.headers.get("Content-Length") === "0") {
        let emptyData;
        switch (parseAs) {
          case "arrayBuffer":
          case "blob":
          case "text":
            emptyData = await response[parseAs]();
            break;
          case "formData":
            emptyData = new FormData();
            break;
          case "stream":
            emptyData = response.body;
            break;
          case "json":
          default:
            emptyData = {};
            break;
        }
        return opts.responseStyle === "data" ? emptyData : {
          data: emptyData,
          ...result
        };
      }
      let data;
      switch (parseAs) {
        case "arrayBuffer":
        case "blob":
        case "formData":
        case "text":
          data = await response[parseAs]();
          break;
        case "json": {
          const text = await response.text();
          data = text ? JSON.parse(text) : {};
          break;
        }
        case "stream":
          return opts.responseStyle === "data" ? response.body : {
            data: response.body,
            ...result
          };
      }
      if (parseAs === "json") {
        if (opts.responseValidator) {
          await opts.responseValidator(data);
        }
        if (opts.responseTransformer) {
          data = await opts.responseTransformer(data);
        }
      }
      return opts.responseStyle === "data" ? data : {
        data,
        ...result
      };
    }
    const textError = await response.text();
    let jsonError;
    try {
      jsonError = JSON.parse(textError);
    } catch {
    }
    const error = jsonError ?? textError;
    let finalError = error;
    for (const fn of interceptors.error.fns) {
      if (fn) {
        finalError = await fn(error, response, request2, opts);
      }
    }
    finalError = finalError || {};
    if (opts.throwOnError) {
      throw finalError;
    }
    return opts.responseStyle === "data" ? void 0 : {
      error: finalError,
      ...result
    };
  };
  const makeMethodFn = (method) => (options2) => request({ ...options2, method });
  const makeSseFn = (method) => async (options2) => {
    const { opts, url } = await beforeRequest(options2);
    return createSseClient({
      ...opts,
      body: opts.body,
      headers: opts.headers,
      method,
      onRequest: async (url2, init) => {
        let request2 = new Request(url2, init);
        for (const fn of interceptors.request.fns) {
          if (fn) {
            request2 = await fn(request2, opts);
          }
        }
        return request2;
      },
      serializedBody: getValidRequestBody(opts),
      url
    });
  };
  const _buildUrl = (options2) => buildUrl({ ..._config, ...options2 });
  return {
    buildUrl: _buildUrl,
    connect: makeMethodFn("CONNECT"),
    delete: makeMethodFn("DELETE"),
    get: makeMethodFn("GET"),
    getConfig,
    head: makeMethodFn("HEAD"),
    interceptors,
    options: makeMethodFn("OPTIONS"),
    patch: makeMethodFn("PATCH"),
    post: makeMethodFn("POST"),
    put: makeMethodFn("PUT"),
    request,
    setConfig,
    sse: {
      connect: makeSseFn("CONNECT"),
      delete: makeSseFn("DELETE"),
      get: makeSseFn("GET"),
      head: makeSseFn("HEAD"),
      options: makeSseFn("OPTIONS"),
      patch: makeSseFn("PATCH"),
      post: makeSseFn("POST"),
      put: makeSseFn("PUT"),
      trace: makeSseFn("TRACE")
    },
    trace: makeMethodFn("TRACE")
  };
};

// clients/typescript/src/client.gen.ts
var client = createClient(createConfig());

// clients/typescript/src/sdk.gen.ts
var listGames = (options2) => (options2?.client ?? client).get({ url: "/v1/games", ...options2 });
var agencyDeal = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/agency/deal",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var agencyLegalMoves = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/agency/legal-moves",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var agencyPlay = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/agency/play",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var agencyTimeout = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/agency/timeout",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var agencyView = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/agency/view",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var agramMaliDeal = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/agram-mali/deal",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var agramMaliLegalMoves = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/agram-mali/legal-moves",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var agramMaliPlay = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/agram-mali/play",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var agramMaliScore = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/agram-mali/score",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var agramMaliTimeout = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/agram-mali/timeout",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var agramMaliView = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/agram-mali/view",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var agramDeal = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/agram/deal",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var agramLegalMoves = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/agram/legal-moves",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var agramPlay = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/agram/play",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var agramScore = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/agram/score",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var agramTimeout = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/agram/timeout",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var agramView = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/agram/view",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var fapfapDeal = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/fapfap/deal",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var fapfapLegalMoves = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/fapfap/legal-moves",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var fapfapPlay = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/fapfap/play",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var fapfapScore = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/fapfap/score",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var fapfapTimeout = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/fapfap/timeout",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var fapfapView = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/fapfap/view",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var sinkSinkDeal = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/sink-sink/deal",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var sinkSinkLegalMoves = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/sink-sink/legal-moves",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var sinkSinkPlay = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/sink-sink/play",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var sinkSinkScore = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/sink-sink/score",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var sinkSinkTimeout = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/sink-sink/timeout",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var sinkSinkView = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/sink-sink/view",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var sparDeal = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/spar/deal",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var sparLegalMoves = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/spar/legal-moves",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var sparPlay = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/spar/play",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var sparScore = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/spar/score",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var sparTimeout = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/spar/timeout",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var sparView = (options2) => (options2.client ?? client).post({
  security: [{ scheme: "bearer", type: "http" }],
  url: "/v1/games/spar/view",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});

// web/answers.ts
var Refused = class extends Error {
  constructor(detail, code, status, retryAfter = null, remainingMs = null) {
    super(detail);
    __publicField(this, "detail", detail);
    __publicField(this, "code", code);
    __publicField(this, "status", status);
    __publicField(this, "retryAfter", retryAfter);
    __publicField(this, "remainingMs", remainingMs);
  }
};
async function answer(pending2) {
  const result = await pending2;
  if (result.response === void 0) throw result.error;
  if (result.error !== void 0) {
    const retry = Number.parseInt(result.response.headers.get("Retry-After") ?? "", 10);
    throw new Refused(
      result.error.detail,
      result.error.code,
      result.response.status,
      Number.isNaN(retry) ? null : retry,
      result.error.remaining_ms ?? null
    );
  }
  if (result.data === void 0) throw new Error("The referee answered no body");
  return result.data;
}

// web/analysis.ts
var LEVELS = [
  { value: "", label: "searching (strongest)" },
  { value: "rules", label: "rules of thumb" },
  { value: "random", label: "random" }
];
function post(game, operation, body, headers, signal) {
  return answer(client.post({
    url: `/v1/games/${game}/${operation}`,
    body,
    headers: { "Content-Type": "application/json", ...headers },
    ...signal === void 0 ? {} : { signal }
  }));
}
var probes = /* @__PURE__ */ new Map();
function available(game) {
  let probe = probes.get(game);
  if (probe === void 0) {
    probe = fetch(new URL(`/v1/games/${game}/suggest`, client.getConfig().baseUrl), { method: "OPTIONS" }).then(
      (response) => response.ok && (response.headers.get("Allow") ?? "").split(",").some((method) => method.trim() === "POST"),
      () => false
    );
    probes.set(game, probe);
  }
  return probe;
}
function suggest(game, held, headers, level = "", signal) {
  return post(game, "suggest", { ...held, ...level === "" ? {} : { level } }, headers, signal);
}
var PATIENCE_MS = 8e3;
var HINT_MS = 1e4;
var HINT_DRAWING_MS = 500;
async function patientSuggest(game, held, headers, level = "", patience = PATIENCE_MS) {
  const until = Date.now() + patience;
  for (; ; ) {
    try {
      return await suggest(game, held, headers, level, AbortSignal.timeout(Math.max(1, until - Date.now())));
    } catch (error) {
      if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError")) return null;
      if (!(error instanceof Refused) || error.status !== 503) throw error;
      const wait = Math.max(1, error.retryAfter ?? 1) * 1e3;
      if (Date.now() + wait > until) return null;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
async function analyze(game, held, headers) {
  const review = await post(game, "analyze", held, headers);
  return [...review.plays].sort((a, b) => a.ply - b.ply);
}
function lost(entry) {
  if (entry.exact) {
    if (entry.value_before === null || entry.value_after === null) return null;
    return entry.value_after < entry.value_before ? entry.value_before - entry.value_after : null;
  }
  if (entry.before === void 0 || entry.after === void 0) return null;
  return entry.after[1] < entry.before[0] ? entry.before[0] - entry.after[1] : null;
}
function values(entry) {
  if (entry.exact) return `${entry.value_before ?? "?"} → ${entry.value_after ?? "?"}`;
  const bounds = (pair) => pair === void 0 ? "?" : `[${pair[0]}, ${pair[1]}]`;
  return `${bounds(entry.before)} → ${bounds(entry.after)}`;
}
function gaveAway(entry) {
  if (entry.exact) return (entry.value_before ?? 0) > 0 && (entry.value_after ?? 1) <= 0;
  if (entry.before === void 0 || entry.after === void 0) return false;
  return entry.before[0] > 0 && entry.after[1] <= 0;
}
var WON_OR_NOT = "1: the seat can make sure of winning the hand (the last trick, F2), whatever the others play; 0: it cannot.";
var VALUE_MEANINGS = {
  agency: () => "1: its team can make sure of winning the hand, whatever the others play; 0: at best the hand ends void (no trick completed, A13); −1: the other team can make sure of winning it.",
  agram: () => WON_OR_NOT,
  "sink-sink": () => WON_OR_NOT,
  "agram-mali": () => WON_OR_NOT,
  spar: () => "3, 2 or 1: the seat can make sure of winning the hand, and of at least that many points (the last trick won with a 6 scores 3, with a 7 2, with any other card 1, F2); 0: it cannot make sure of winning.",
  fapfap: (players) => `the payout the seat can make sure of, with the hand's stake s: a win pays ${players - 1}s, twice that when the last trick is won with a 3 and four times when tricks 4 and 5 both are (F2, F6); a loss costs s, 2s or 4s (a negative value).`
};
function reviewKey(game, players) {
  const meaning = VALUE_MEANINGS[game]?.(players) ?? "the value of the hand to the seat, as the referee counts it.";
  return [
    `Values: ${meaning}`,
    "“a → b”: the value before the play, then after it. Each is the most the seat can make sure of with every card known and best play from then on.",
    "“[lo, hi]”: the referee ran out of its search budget before it proved the value: it is at least lo and at most hi.",
    "“lost”: the play gave some of the value up (after it is below before). “gave the hand away”: before the play the seat could make sure of winning, after it no longer could."
  ];
}

// clients/typescript/events.ts
var SUIT_NAMES = {
  french: { S: "spades", H: "hearts", D: "diamonds", C: "clubs" },
  agency: { H: "Hats", M: "Moustaches", B: "Briefcases", V: "Vans" }
};
var RANK_NAMES = { A: "ace", K: "king", Q: "queen", J: "jack" };
function gameDeck(game) {
  return game === "agency" ? "agency" : "french";
}
function suitName(deck, letter) {
  const name = SUIT_NAMES[deck][letter];
  if (name === void 0) throw new Error(`Not a suit of this deck: ${letter}`);
  return name;
}
function cardName(deck, code, holder = null) {
  if (code === "W") return holder === null ? "Wall" : `Wall from holder ${holder}`;
  const rank = code.slice(0, -1);
  return `${RANK_NAMES[rank] ?? rank} of ${suitName(deck, code.slice(-1))}`;
}
function eventSentence(event, game) {
  const deck = gameDeck(game);
  const teams = deck === "agency";
  const side = (winner) => winner === null || winner === void 0 ? "nobody (a void hand)" : teams ? `team ${winner}` : `seat ${winner}`;
  const name = (card, holder = null) => card === void 0 ? "?" : cardName(deck, card, holder);
  switch (event.type) {
    case "card_played": {
      const card = `the ${name(event.card, event.holder ?? null)}${event.holder === void 0 || event.card === "W" ? "" : ` from holder ${event.holder}`}`;
      return event.timeout === true ? `Seat ${event.seat}'s time ran out: the referee plays ${card} for it.` : `Seat ${event.seat} plays ${card}.`;
    }
    case "trick_won":
      return `Seat ${event.winner} wins trick ${event.trick ?? ""} with the ${name(event.card)}${typeof event.points === "number" ? ` (${event.points} points)` : ""}.`;
    case "seat_reseated":
      return `Seat ${event.seat} has a new player: the match's host gave the seat a new credential.`;
    case "trick_discarded":
      return "Nobody can play: the trick is discarded and the hand ends.";
    case "hand_over": {
      const parts = [`The hand is over: ${side(event.winner)} wins it.`];
      if (event.team_points) parts.push(`Points ${event.team_points.join(" to ")}.`);
      if (typeof event.points === "number") parts.push(`It scores ${event.points}.`);
      if (event.multiplier !== void 0 && event.multiplier !== null) parts.push(`Multiplier ×${event.multiplier}.`);
      if (event.payouts) parts.push(`Payouts ${event.payouts.join(", ")}.`);
      return parts.join(" ");
    }
    case "match_over":
      return `The match is over: ${side(event.winner)} wins it (${(event.tally ?? []).join(" to ")}).`;
    default:
      return event.type;
  }
}

// web/cards.ts
var SVG = "http://www.w3.org/2000/svg";
var FRENCH = {
  S: {
    className: "suit-spades",
    paths: ["M12 2C9 6 3 9.5 3 14a4.5 4.5 0 0 0 7.6 3.2L9.5 22h5l-1.1-4.8A4.5 4.5 0 0 0 21 14c0-4.5-6-8-9-12z"]
  },
  H: {
    className: "suit-hearts",
    paths: ["M12 21.5C7 17 2.5 13.4 2.5 8.6A4.9 4.9 0 0 1 12 6.3a4.9 4.9 0 0 1 9.5 2.3c0 4.8-4.5 8.4-9.5 12.9z"]
  },
  D: { className: "suit-diamonds", paths: ["M12 1.5 20 12l-8 10.5L4 12z"] },
  C: {
    className: "suit-clubs",
    paths: ["M10.8 12h2.4l1.8 10H9z"],
    circles: [[12, 6.8, 4.3], [6.8, 13.6, 4.3], [17.2, 13.6, 4.3]]
  }
};
var AGENCY = {
  H: {
    className: "suit-hats",
    // a top hat: crown, band, brim
    paths: ["M7 3h10v8.5H7zM7 13h10v1.5H7zM2.5 14.5h19V18h-19z"]
  },
  M: {
    className: "suit-moustaches",
    paths: ["M12 9.5c-1.6-2-4.5-2.6-6.6-1C3.6 9.8 3.2 12 1.5 12c.3 2.6 3 4.5 6 3.6 2-.6 3.4-2 4.5-3.3 1.1 1.3 2.5 2.7 4.5 3.3 3 .9 5.7-1 6-3.6-1.7 0-2.1-2.2-3.9-3.5-2.1-1.6-5-1-6.6 1z"]
  },
  B: {
    className: "suit-briefcases",
    // a case with a seam and a handle
    paths: ["M2.5 8h19v4.6h-19zM2.5 13.8h19V20h-19zM8.5 8V5.2C8.5 4.5 9 4 9.7 4h4.6c.7 0 1.2.5 1.2 1.2V8h-1.8V5.8h-3.4V8z"]
  },
  V: {
    className: "suit-vans",
    // a box van: body, cab and two wheels
    paths: ["M1.5 5.5h13v11.5h-13zM15.3 9h3.6l3.6 4.2V17h-7.2z"],
    wheels: [[6, 17.8, 2.4], [17.8, 17.8, 2.4]]
  }
};
var WALL = {
  className: "wall",
  paths: ["M1 3h10.5v5H1zM12.5 3H23v5H12.5zM1 9.5h4.7v5H1zM6.7 9.5h10.6v5H6.7zM18.3 9.5H23v5h-4.7zM1 16h10.5v5H1zM12.5 16H23v5H12.5z"]
};
var DECKS = { agency: "agency", "last-trick": "french" };
function deckOf(family) {
  return DECKS[family];
}
var SUITS = { agency: AGENCY, french: FRENCH };
function split(code) {
  return { rank: code.slice(0, -1), suit: code.slice(-1) };
}
function suitOf(deck, code) {
  if (code === "W") return WALL;
  const suit = SUITS[deck][split(code).suit];
  if (suit === void 0) throw new Error(`Not a card of this deck: ${code}`);
  return suit;
}
function mark(deck, code) {
  const suit = suitOf(deck, code);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.classList.add("mark");
  for (const d of suit.paths) {
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", d);
    svg.append(path);
  }
  const circle = ([cx, cy, r], className = "") => {
    const node = document.createElementNS(SVG, "circle");
    node.setAttribute("cx", String(cx));
    node.setAttribute("cy", String(cy));
    node.setAttribute("r", String(r));
    if (className) node.classList.add(className);
    svg.append(node);
  };
  for (const spot of suit.circles ?? []) circle(spot);
  for (const wheel of suit.wheels ?? []) circle(wheel, "wheel");
  return svg;
}
function drawCard(node, deck, code, holder = null) {
  const suit = suitOf(deck, code);
  node.classList.add("card", suit.className);
  node.setAttribute("aria-label", cardName(deck, code, holder));
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.setAttribute("aria-hidden", "true");
  rank.textContent = code === "W" ? "Wall" : split(code).rank;
  node.replaceChildren(rank, mark(deck, code));
  return node;
}
function cardImage(deck, code, holder = null) {
  const node = document.createElement("span");
  node.setAttribute("role", "img");
  return drawCard(node, deck, code, holder);
}
function cardBacks(count) {
  const row = document.createElement("span");
  row.className = "backs";
  for (let index = 0; index < count; index += 1) {
    const back = document.createElement("span");
    back.className = "back";
    back.setAttribute("aria-hidden", "true");
    row.append(back);
  }
  const text = document.createElement("span");
  text.className = "count";
  text.textContent = `${count} card${count === 1 ? "" : "s"}`;
  row.append(text);
  return row;
}

// web/tables.ts
async function seatView(pending2) {
  const view = await answer(pending2);
  if (!isSeatView(view)) throw new Error("The referee answered a spectator's view to a seat's request");
  return view;
}
function isSeatView(view) {
  return view.seat !== null;
}
var Hold = class {
  constructor(keeper, dealt) {
    __publicField(this, "keeper", keeper);
    __publicField(this, "held");
    __publicField(this, "shown");
    __publicField(this, "credentials", /* @__PURE__ */ new Map());
    this.shown = dealt.state;
    this.held = this.hold(dealt);
    for (const entry of dealt.seats ?? []) this.credentials.set(entry.seat, entry.credential);
  }
  get sealed() {
    return "token" in this.held;
  }
  update(next) {
    this.shown = next.state;
    this.held = this.hold(next);
  }
  /** Headers for a request made by `seat`: its credential, in sealed mode. */
  as(seat) {
    const credential = this.credentials.get(seat);
    return credential === void 0 ? {} : { Authorization: `Bearer ${credential}` };
  }
  /** The body of a `view` for `seat`: the token (the credential says the seat) or the state and the seat. */
  viewBody(seat) {
    return "token" in this.held ? { token: this.held.token } : { state: this.held.state, seat };
  }
  /** The newest token (sealed mode), or null. */
  get token() {
    return "token" in this.held ? this.held.token : null;
  }
  /** The finished hand, as `previous` of the next deal. */
  previous() {
    return "token" in this.held ? this.held.token : this.held.state;
  }
  hold(next) {
    if (next.token !== void 0) return { token: next.token };
    if (this.keeper.isOpen(next.state)) return { state: next.state };
    throw new Error("The referee answered a public state without a token");
  }
};
function moveClock(seconds) {
  return seconds === null ? {} : { clock: { move_seconds: seconds } };
}
function pick(items) {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === void 0) throw new Error("Nothing to choose from");
  return item;
}
async function botTurn(game, hand, level, seat, legal, play) {
  if (hand.shown.to_act !== seat) return [];
  const held = hand.held;
  const headers = hand.as(seat);
  if (!await available(game)) return play(pick((await legal(held, headers)).moves), held);
  const suggestion = await patientSuggest(game, held, headers, level);
  if (suggestion !== null) return play(suggestion.move, held);
  const said = { type: "busy", text: `The referee's analysis stayed busy, so seat ${seat} played a random legal move (the random level).` };
  return [said, ...await play(pick((await legal(held, headers)).moves), held)];
}
function seatName(seat, viewer, teams) {
  if (seat === viewer) return "You";
  return teams && seat % 2 === viewer % 2 ? `Seat ${seat}, your partner` : `Seat ${seat}`;
}
function signed(value) {
  return value > 0 ? `+${value}` : String(value);
}
function lines(events, game) {
  return events.map((event) => ({ type: event.type, text: eventSentence(event, game) }));
}
var UNITS = { hands: "hands won", points: "points", balance: "balance in stakes", game_points: "game points" };
function board(match2, viewer, teams) {
  const tally = match2.tally ?? match2.previous;
  const unit = UNITS[match2.unit ?? "hands"] ?? match2.unit ?? "hands";
  const goal = match2.target === null || match2.target === void 0 ? "no target" : `first to ${match2.target} ${unit}`;
  return {
    caption: `Hand ${match2.hand} of the match (${unit}; ${goal})`,
    rows: tally.map((value, index) => teams ? { name: `Team ${index} (seats ${index} and ${index + 2})${viewer % 2 === index ? ": yours" : ""}`, value, yours: viewer % 2 === index } : { name: index === viewer ? `Seat ${index} (you)` : `Seat ${index}`, value, yours: index === viewer })
  };
}
function matchWinner(match2, viewer, teams) {
  if (match2.over !== true) return null;
  const winner = match2.winner;
  const tally = match2.tally ?? match2.previous;
  if (winner === null || winner === void 0) return "The match is over.";
  const unit = UNITS[match2.unit ?? "hands"] ?? match2.unit ?? "hands";
  const target = match2.target === null || match2.target === void 0 ? "" : `, first to ${match2.target}`;
  if (teams) {
    const who2 = winner === viewer % 2 ? "Your team" : "The other team";
    return `The match is over: ${who2} (team ${winner}, seats ${winner} and ${winner + 2}) wins it, ${tally[winner] ?? "?"} ${unit} to ${tally[1 - winner] ?? "?"}${target} (A14).`;
  }
  const who = winner === viewer ? "You win it" : `Seat ${winner} wins it`;
  const others = tally.map((value, index) => `${index === viewer ? "you" : `seat ${index}`} ${value}`).join(", ");
  return `The match is over: ${who} with ${tally[winner] ?? "?"} ${unit}${target} (F7). Tally: ${others}.`;
}
function done(tricks) {
  return tricks.map((trick, index) => ({
    number: index + 1,
    plays: trick.plays,
    winner: trick.winner ?? trick.plays[0]?.seat ?? 0,
    card: trick.card ?? "",
    points: trick.points ?? null
  }));
}
function multiplierSentence(multiplier) {
  if (multiplier === 4) return "Tricks 4 and 5 were both won with a 3: the stake is paid four times (F2).";
  if (multiplier === 2) return "The last trick was won with a 3: the stake is paid twice (F2).";
  return "The last trick was not won with a 3: the stake is paid once (F2).";
}
function familyResult(deck, viewer, tricks, score) {
  const winner = score.winner ?? 0;
  const last = tricks.at(-1);
  const who = winner === viewer ? "You" : `Seat ${winner}`;
  const details = last === void 0 ? [] : [
    `${who} took the last trick (trick ${last.number}) with the ${cardName(deck, last.card)}; the winner of the last trick wins the hand, and no other trick counts (F2).`
  ];
  if (score.multiplier !== void 0 && score.multiplier !== null) details.push(multiplierSentence(score.multiplier));
  if (score.payouts !== void 0) {
    const mine = score.payouts[viewer] ?? 0;
    details.push(mine > 0 ? `You collect ${mine}: each other seat pays you ${mine / (score.payouts.length - 1)} (F6).` : `You pay ${-mine} to seat ${winner} (F6).`);
    details.push(`Payouts: ${score.payouts.map((value, seat) => `${seat === viewer ? "you" : `seat ${seat}`} ${signed(value)}`).join(", ")}.`);
  }
  if (typeof score.points === "number") {
    details.push(`${who} score${winner === viewer ? "" : "s"} ${score.points} point${score.points === 1 ? "" : "s"}: 3 for a last trick won with a 6, 2 with a 7, else 1 (F2).`);
  }
  return { outcome: winner === viewer ? "won" : "lost", headline: winner === viewer ? "You win the hand" : `Seat ${winner} wins the hand`, details };
}
async function familyTable(game, api, players, seat, clock) {
  const deck = deckOf("last-trick");
  const deal = (body) => answer(api.deal({ body }));
  const hand = new Hold(api, await deal({ players, ...moveClock(clock) }));
  const play = async (move, held = hand.held) => {
    const played = await answer(api.play({ body: { ...held, move }, headers: hand.as(move.seat) }));
    hand.update(played);
    return lines(played.events, game);
  };
  return {
    game,
    deck,
    players,
    seat,
    teams: false,
    get sealed() {
      return hand.sealed;
    },
    async display() {
      const view = await seatView(api.view({ body: hand.viewBody(seat), headers: hand.as(seat) }));
      const legal = new Set(view.legal_moves.map((move) => move.card));
      const tricks = done(view.tricks);
      return {
        seat,
        toAct: view.to_act,
        handOver: view.hand_over,
        seats: view.hand_sizes.map((size, other) => ({
          seat: other,
          name: seatName(other, seat, false),
          team: null,
          dealer: other === view.dealer,
          cards: size
        })),
        hand: view.hand.map((card) => ({
          code: card,
          holder: null,
          legal: legal.has(card),
          reachedBy: [seat],
          play: () => play({ seat, card })
        })),
        holders: null,
        trick: view.trick?.plays ?? [],
        tricks,
        points: null,
        result: view.hand_over ? familyResult(deck, seat, tricks, await answer(api.score({ body: hand.held }))) : null,
        board: board(view.match, seat, false),
        matchOver: view.match.over === true,
        matchWinner: matchWinner(view.match, seat, false),
        nextLeaders: null
      };
    },
    botTurn: (level, toAct) => botTurn(game, hand, level, toAct, (held, headers) => answer(api.legalMoves({ body: held, headers })), play),
    hint: () => patientSuggest(game, hand.held, hand.as(seat), "", HINT_MS - HINT_DRAWING_MS),
    review: () => analyze(game, hand.held, hand.as(seat)),
    async nextHand() {
      hand.update(await deal({ previous: hand.previous() }));
    },
    clock: () => hand.shown.clock ?? null,
    token: () => hand.token,
    async timeout() {
      const played = await answer(api.timeout({ body: hand.held, headers: hand.as(seat) }));
      hand.update(played);
      return lines(played.events, game);
    }
  };
}
var SEATS = 4;
var EARLY_END_POINTS = 22;
function namingTeam(view) {
  return view.winner === null ? view.match.chooser ?? null : 1 - view.winner;
}
function reachFrom(cards, fromStart) {
  const order = cards.map((_, index) => fromStart ? index : cards.length - 1 - index);
  const wall = order.findIndex((index) => cards[index] === "W");
  return new Set(wall === -1 ? order : order.slice(0, wall + 1));
}
function positions(from, to) {
  return new Set(Array.from({ length: Math.max(0, to - from) }, (_, index) => from + index));
}
function agencyResult(view, viewer) {
  const ours = viewer % 2;
  const points = view.team_points;
  const details = [];
  const toAct = (view.trick.leader ?? 0) + view.trick.plays.length;
  const emptied = [0, 1, 2, 3].find((seat) => view.holders[seat]?.count === 0 && view.holders[(seat + SEATS - 1) % SEATS]?.count === 0);
  const limit = view.options.early_end_points ?? EARLY_END_POINTS;
  if (view.end === "no_legal_play") {
    const stuck = toAct % SEATS;
    details.push(`${stuck === viewer ? "You" : `Seat ${stuck}`} had no legal play, so the hand ended${view.trick.plays.length > 0 ? " and the unfinished trick was discarded, scoring for nobody" : ""} (A12a).`);
  } else if (view.end === "out_of_cards") {
    details.push(`${emptied === viewer ? "You have" : `Seat ${emptied ?? "?"} has`} no cards left in either holder, so the hand ended (A12b).`);
  } else if (view.end === "points_reached") {
    const team = (points[0] ?? 0) >= limit ? 0 : 1;
    details.push(`${team === ours ? "Your team" : "The other team"} reached ${limit} points, so the hand ended (A12c).`);
  }
  details.push(`Card points: your team ${points[ours]}, the other team ${points[1 - ours]} (A3).`);
  const last = view.tricks.at(-1);
  if (view.winner === null) {
    details.push("No trick was completed, so the hand is void: nobody wins it (A13).");
  } else if (points[0] === points[1] && last?.winner !== void 0) {
    details.push(`The points are equal, so the team that won the last trick takes the hand: ${last.winner === viewer ? "you" : `seat ${last.winner}`} won trick ${view.tricks.length} for ${view.winner === ours ? "your team" : "the other team"} (A13).`);
  }
  details.push(view.winner === null ? "Nobody gains a game point (A14)." : `${view.winner === ours ? "Your team gains" : "The other team gains"} 1 game point (A14).`);
  const outcome = view.winner === null ? "void" : view.winner === ours ? "won" : "lost";
  const headline = outcome === "void" ? "A void hand" : outcome === "won" ? "Your team wins the hand" : "The other team wins the hand";
  return { outcome, headline, details };
}
async function agencyTable(api, seat, clock) {
  const game = "agency";
  const deck = deckOf("agency");
  const deal = (body, headers = {}) => answer(api.deal({ body, headers }));
  const hand = new Hold(api, await deal(moveClock(clock)));
  let last = null;
  const play = async (move, held = hand.held) => {
    const played = await answer(api.play({ body: { ...held, move }, headers: hand.as(move.seat) }));
    hand.update(played);
    return lines(played.events, "agency");
  };
  const viewOf = (viewer) => seatView(api.view({ body: hand.viewBody(viewer), headers: hand.as(viewer) }));
  return {
    game,
    deck,
    players: SEATS,
    seat,
    teams: true,
    get sealed() {
      return hand.sealed;
    },
    async display() {
      const view = await viewOf(seat);
      last = view;
      const partner = view.hand_over ? await viewOf((seat + 2) % SEATS) : null;
      const isLegal = (card, holder) => view.legal_moves.some((move) => move.card === card && move.holder === holder);
      const holders = view.holders.map((entry) => {
        const cards = entry.cards ?? partner?.holders[entry.holder]?.cards ?? null;
        if (cards === null) return { holder: entry.holder, count: entry.count, cards: null };
        const starts = entry.holder;
        const ends = (entry.holder + 1) % SEATS;
        const mine = view.reach.find((reach) => reach.holder === entry.holder)?.cards.length ?? 0;
        const byStart = starts === seat ? positions(0, mine) : reachFrom(cards, true);
        const byEnd = ends === seat ? positions(cards.length - mine, cards.length) : reachFrom(cards, false);
        return {
          holder: entry.holder,
          count: entry.count,
          cards: cards.map((card, index) => ({
            code: card,
            holder: entry.holder,
            // A holder's two Walls share a code: the legal one is the one in reach (A6).
            legal: isLegal(card, entry.holder) && (starts === seat ? byStart : byEnd).has(index),
            reachedBy: view.hand_over ? [] : [...byStart.has(index) ? [starts] : [], ...byEnd.has(index) ? [ends] : []],
            play: () => play({ seat, card, holder: entry.holder })
          }))
        };
      });
      const naming = view.hand_over ? namingTeam(view) : null;
      const ours = view.team;
      return {
        seat,
        toAct: view.to_act,
        handOver: view.hand_over,
        seats: [0, 1, 2, 3].map((other) => ({ seat: other, name: seatName(other, seat, true), team: other % 2, dealer: false, cards: null })),
        hand: null,
        holders,
        trick: view.trick.plays,
        tricks: done(view.tricks),
        points: `Card points: your team ${view.team_points[ours]}, the other team ${view.team_points[1 - ours]}.`,
        result: view.hand_over ? agencyResult(view, seat) : null,
        board: board(view.match, seat, true),
        matchOver: view.match.over === true,
        matchWinner: matchWinner(view.match, seat, true),
        nextLeaders: naming === ours ? [ours, ours + 2] : naming === null && view.hand_over ? [0, 1, 2, 3] : null
      };
    },
    botTurn: (level, toAct) => botTurn(game, hand, level, toAct, (held, headers) => answer(api.legalMoves({ body: held, headers })), play),
    hint: () => patientSuggest(game, hand.held, hand.as(seat), "", HINT_MS - HINT_DRAWING_MS),
    review: () => analyze(game, hand.held, hand.as(seat)),
    async nextHand(leader) {
      let first = leader;
      const naming = last === null ? null : namingTeam(last);
      if (first === void 0 && naming !== null) first = naming + 2 * Math.floor(Math.random() * 2);
      const asked = first === void 0 ? {} : hand.as(first);
      hand.update(await deal({ previous: hand.previous(), ...first === void 0 ? {} : { first_leader: first } }, asked));
    },
    clock: () => hand.shown.clock ?? null,
    token: () => hand.token,
    async timeout() {
      const played = await answer(api.timeout({ body: hand.held, headers: hand.as(seat) }));
      hand.update(played);
      return lines(played.events, game);
    }
  };
}
var SPECTATOR_VIEWS = {
  agency: { family: "agency", view: agencyView },
  agram: { family: "last-trick", view: agramView },
  "sink-sink": { family: "last-trick", view: sinkSinkView },
  fapfap: { family: "last-trick", view: fapfapView },
  "agram-mali": { family: "last-trick", view: agramMaliView },
  spar: { family: "last-trick", view: sparView }
};
async function watch(game, token) {
  const spectated = SPECTATOR_VIEWS[game];
  if (spectated === void 0) throw new Error(`Unknown game ${game}`);
  const view = await answer(spectated.view({ body: { token } }));
  if (view.seat !== null) throw new Error("The referee answered a seat's view to a spectator");
  const holders = view.holders?.map(({ holder, count }) => ({ holder, count })) ?? null;
  const teams = holders !== null;
  const players = teams ? SEATS : view.hand_sizes?.length ?? 0;
  const winner = view.winner;
  let outcome = null;
  if (view.hand_over) {
    outcome = winner === null ? "A void hand: nobody wins it (A13)." : teams ? `Team ${winner} (seats ${winner} and ${winner + 2}) wins the hand.` : `Seat ${winner} wins the hand.`;
  }
  const points = view.team_points;
  return {
    game,
    deck: deckOf(spectated.family),
    players,
    teams,
    toAct: view.to_act,
    handOver: view.hand_over,
    seats: Array.from({ length: players }, (_, seat) => ({
      seat,
      name: `Seat ${seat}`,
      team: teams ? seat % 2 : null,
      dealer: !teams && seat === view.dealer,
      cards: teams ? null : view.hand_sizes?.[seat] ?? 0
    })),
    holders,
    trick: view.trick?.plays ?? [],
    tricks: done(view.tricks),
    points: points === void 0 ? null : `Card points: team 0 ${points[0]}, team 1 ${points[1]}.`,
    outcome,
    board: board(view.match, -1, teams)
  };
}
var open = (state) => !("match_id" in state);
function newTable(game, players, seat, clock = null) {
  switch (game) {
    case "agency":
      return agencyTable({
        deal: agencyDeal,
        legalMoves: agencyLegalMoves,
        play: agencyPlay,
        view: agencyView,
        timeout: agencyTimeout,
        isOpen: (state) => open(state)
      }, seat, clock);
    case "agram":
      return familyTable(game, {
        deal: agramDeal,
        legalMoves: agramLegalMoves,
        play: agramPlay,
        view: agramView,
        timeout: agramTimeout,
        score: agramScore,
        isOpen: (state) => open(state)
      }, players, seat, clock);
    case "sink-sink":
      return familyTable(game, {
        deal: sinkSinkDeal,
        legalMoves: sinkSinkLegalMoves,
        play: sinkSinkPlay,
        view: sinkSinkView,
        timeout: sinkSinkTimeout,
        score: sinkSinkScore,
        isOpen: (state) => open(state)
      }, players, seat, clock);
    case "fapfap":
      return familyTable(game, {
        deal: fapfapDeal,
        legalMoves: fapfapLegalMoves,
        play: fapfapPlay,
        view: fapfapView,
        timeout: fapfapTimeout,
        score: fapfapScore,
        isOpen: (state) => open(state)
      }, players, seat, clock);
    case "agram-mali":
      return familyTable(game, {
        deal: agramMaliDeal,
        legalMoves: agramMaliLegalMoves,
        play: agramMaliPlay,
        view: agramMaliView,
        timeout: agramMaliTimeout,
        score: agramMaliScore,
        isOpen: (state) => open(state)
      }, players, seat, clock);
    case "spar":
      return familyTable(game, {
        deal: sparDeal,
        legalMoves: sparLegalMoves,
        play: sparPlay,
        view: sparView,
        timeout: sparTimeout,
        score: sparScore,
        isOpen: (state) => open(state)
      }, players, seat, clock);
    default:
      return Promise.reject(new Error(`Unknown game ${game}`));
  }
}

// web/play.ts
function element(id, kind) {
  const found = document.getElementById(id);
  if (!(found instanceof kind)) throw new Error(`The page has no #${id}`);
  return found;
}
var ui = {
  form: element("setup", HTMLFormElement),
  game: element("game", HTMLSelectElement),
  players: element("players", HTMLSelectElement),
  seat: element("seat", HTMLSelectElement),
  length: element("length", HTMLSelectElement),
  level: element("level", HTMLSelectElement),
  levelField: element("level-field", HTMLLabelElement),
  clock: element("clock", HTMLInputElement),
  countdown: element("countdown", HTMLParagraphElement),
  error: element("error", HTMLParagraphElement),
  table: element("table", HTMLElement),
  status: element("status", HTMLParagraphElement),
  spectateBox: element("spectate-box", HTMLParagraphElement),
  spectate: element("spectate", HTMLAnchorElement),
  refusal: element("refusal", HTMLParagraphElement),
  banner: element("banner", HTMLElement),
  felt: element("felt", HTMLDivElement),
  trickTitle: element("trick-title", HTMLHeadingElement),
  trick: element("trick", HTMLOListElement),
  lastTrick: element("last-trick", HTMLDivElement),
  me: element("me", HTMLElement),
  meTitle: element("me-title", HTMLHeadingElement),
  hand: element("hand", HTMLDivElement),
  points: element("points", HTMLParagraphElement),
  hintBox: element("hint-box", HTMLParagraphElement),
  hint: element("hint", HTMLButtonElement),
  hintText: element("hint-text", HTMLSpanElement),
  review: element("review", HTMLElement),
  reviewNote: element("review-note", HTMLParagraphElement),
  reviewKey: element("review-key", HTMLUListElement),
  tricks: element("tricks", HTMLOListElement),
  board: element("board", HTMLTableElement),
  history: element("history", HTMLOListElement),
  legend: element("legend-body", HTMLDivElement),
  events: element("events", HTMLOListElement)
};
var corners = ["corner-bl", "corner-tl", "corner-tr", "corner-br"].map((id) => element(id, HTMLDivElement));
var sides = { left: element("side-left", HTMLDivElement), top: element("side-top", HTMLDivElement), right: element("side-right", HTMLDivElement) };
var delay = Number(new URLSearchParams(window.location.search).get("delay") ?? "600");
var games = [];
var table = null;
var match = false;
var canAnalyse = false;
var hinted = null;
var reviewed = null;
var recorded = /* @__PURE__ */ new Set();
function make(tag, text = "", className = "") {
  const node = document.createElement(tag);
  node.textContent = text;
  if (className) node.className = className;
  return node;
}
function options(select, entries) {
  select.replaceChildren(...entries.map((entry) => {
    const option = make("option", entry.label);
    option.value = entry.value;
    return option;
  }));
}
function range(from, to) {
  return Array.from({ length: to - from + 1 }, (_, index) => ({ value: String(from + index), label: String(from + index) }));
}
function fillSeats() {
  const game = games.find((entry) => entry.id === ui.game.value);
  if (game === void 0) return;
  const chosen = Number(ui.players.value) || game.players.min;
  options(ui.players, range(game.players.min, game.players.max));
  ui.players.value = String(Math.min(Math.max(chosen, game.players.min), game.players.max));
  options(ui.seat, range(0, Number(ui.players.value) - 1).map((entry) => ({ value: entry.value, label: `seat ${entry.value}` })));
}
function showError(error) {
  ui.error.textContent = error instanceof Error ? error.message : String(error);
  ui.error.hidden = false;
}
function log(lines2) {
  for (const line of lines2) {
    const item = make("li", line.text);
    item.dataset["type"] = line.type;
    ui.events.append(item);
  }
  ui.events.scrollTop = ui.events.scrollHeight;
}
function placement(players, seat) {
  const others = players - 1;
  const flank = others >= 2 ? Math.max(1, Math.floor(others / 3)) : 0;
  return Array.from({ length: others }, (_, index) => ({
    seat: (seat + 1 + index) % players,
    side: index < flank ? "left" : index >= others - flank ? "right" : "top"
  }));
}
function seatPanel(entry, toAct) {
  const panel = make("section", "", "seat");
  panel.setAttribute("aria-label", entry.name);
  panel.classList.toggle("to-act", toAct === entry.seat);
  panel.classList.toggle("team-0", entry.team === 0);
  panel.classList.toggle("team-1", entry.team === 1);
  const title = make("h3", entry.name);
  if (entry.team !== null) title.append(make("span", ` · team ${entry.team}`, "tag"));
  if (entry.dealer) title.append(make("span", " · dealer", "tag"));
  panel.append(title);
  if (toAct === entry.seat) panel.append(make("p", "to play", "turn"));
  if (entry.cards !== null) panel.append(cardBacks(entry.cards));
  if (entry.team !== null) {
    panel.append(make("p", `plays from holders ${(entry.seat + 3) % 4} and ${entry.seat}`, "small"));
  }
  return panel;
}
function cardButton(card, view, live) {
  const yours = view.toAct === view.seat && !view.handOver;
  const button2 = drawCard(make("button"), live.deck, card.code, card.holder);
  button2.type = "button";
  button2.classList.add("mine");
  button2.dataset["card"] = card.code;
  if (card.holder !== null) button2.dataset["holder"] = String(card.holder);
  const legal = yours && card.legal;
  button2.classList.toggle("legal", legal);
  button2.classList.toggle("illegal", yours && !card.legal);
  button2.tabIndex = legal ? 0 : -1;
  if (!legal) button2.setAttribute("aria-disabled", "true");
  const notes = [];
  if (live.teams) {
    const mine = card.reachedBy.includes(view.seat);
    const others = card.reachedBy.filter((seat) => seat !== view.seat);
    button2.classList.toggle("reach-you", mine);
    button2.classList.toggle("reach-other", others.length > 0);
    button2.classList.toggle("blocked", card.reachedBy.length === 0 && !view.handOver);
    notes.push(mine ? "in your reach" : "out of your reach");
    for (const other of others) notes.push(`seat ${other} reaches it`);
  }
  if (yours) notes.push(card.legal ? "legal now" : "not legal now");
  if (hinted !== null && legal && hinted.card === card.code && (hinted.holder ?? null) === card.holder) {
    button2.classList.add("hinted");
    notes.push("the hint");
  }
  button2.title = notes.join("; ");
  button2.disabled = !yours;
  button2.addEventListener("click", () => act(() => choose(card.play)));
  return button2;
}
function holderBox(shown, view, live) {
  const first = shown.holder;
  const second = (shown.holder + 1) % 4;
  const name = (seat) => seat === view.seat ? "you" : `seat ${seat}`;
  const end = (seat) => seat === view.seat ? "your end" : `seat ${seat}'s end`;
  const box = make("section", "", "holder");
  box.setAttribute("aria-label", `Holder ${shown.holder}, between ${name(first)} and ${name(second)}`);
  box.append(make("h3", `Holder ${shown.holder}`));
  const beside = first === view.seat || second === view.seat;
  const labels = make("p", "", "ends");
  labels.append(make("span", `◂ ${end(beside ? second : first)}`), make("span", `${end(beside ? first : second)} ▸`));
  box.append(labels);
  if (shown.cards === null) {
    box.append(cardBacks(shown.count));
    return box;
  }
  const row = make("div", "", "cards");
  for (const card of beside ? [...shown.cards].reverse() : shown.cards) {
    row.append(beside ? cardButton(card, view, live) : cardImage(live.deck, card.code, card.holder));
  }
  box.append(row);
  return box;
}
function playedCard(play, deck, viewer, caption = "") {
  const item = make("li");
  item.append(cardImage(deck, play.card, play.holder ?? null));
  item.append(make("span", caption || (play.seat === viewer ? "you" : `seat ${play.seat}`), "who"));
  item.dataset["seat"] = String(play.seat);
  return item;
}
function renderTrick(view, live) {
  ui.trickTitle.textContent = view.handOver ? view.trick.length > 0 ? "The discarded trick" : "The table" : `Trick ${view.tricks.length + 1}`;
  ui.trick.replaceChildren(...view.trick.map((play, index) => playedCard(
    play,
    live.deck,
    view.seat,
    `${play.seat === view.seat ? "you" : `seat ${play.seat}`}${index === 0 ? " (led)" : ""}`
  )));
  if (view.trick.length === 0 && !view.handOver && view.toAct !== null) {
    ui.trick.append(make("li", `${view.toAct === view.seat ? "You lead" : `Seat ${view.toAct} leads`}.`, "small"));
  }
  const last = view.tricks.at(-1);
  ui.lastTrick.replaceChildren();
  if (last === void 0) {
    ui.lastTrick.append(make("p", "Last trick: none yet.", "small"));
    return;
  }
  ui.lastTrick.append(make("p", `Last trick: ${trickText(last, live.deck, view.seat)}`, "small"));
  const row = make("ol", "", "plays small-cards");
  row.setAttribute("aria-label", `Trick ${last.number}`);
  row.append(...last.plays.map((play) => {
    const item = playedCard(play, live.deck, view.seat);
    item.classList.toggle("winner", play.seat === last.winner);
    return item;
  }));
  ui.lastTrick.append(row);
}
function trickText(trick, deck, viewer) {
  const who = trick.winner === viewer ? "you" : `seat ${trick.winner}`;
  return `trick ${trick.number}, won by ${who} with the ${cardName(deck, trick.card)}${trick.points === null ? "" : `, ${trick.points} points`}.`;
}
function renderSeats(seats, players, viewer, toAct) {
  for (const side of Object.values(sides)) side.replaceChildren();
  for (const { seat, side } of placement(players, viewer)) {
    const entry = seats[seat];
    if (entry !== void 0) sides[side].append(seatPanel(entry, toAct));
  }
  sides.left.replaceChildren(...[...sides.left.children].reverse());
}
function renderCards(view, live) {
  const yours = view.toAct === view.seat && !view.handOver;
  ui.me.classList.toggle("to-act", yours);
  ui.meTitle.textContent = live.teams ? `You: seat ${view.seat}, team ${view.seat % 2}` : `Your hand: seat ${view.seat}`;
  for (const corner of corners) corner.replaceChildren();
  ui.hand.replaceChildren();
  if (view.holders !== null) {
    const at = [view.seat, (view.seat + 1) % 4, (view.seat + 2) % 4, (view.seat + 3) % 4];
    at.forEach((holder, index) => {
      const shown = view.holders?.[holder];
      if (shown !== void 0) corners[index]?.append(holderBox(shown, view, live));
    });
  } else if (view.hand !== null) {
    const row = make("div", "", "cards");
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", "Your cards");
    row.append(...view.hand.map((card) => cardButton(card, view, live)));
    if (view.hand.length === 0) row.append(make("span", "No cards left.", "small"));
    ui.hand.append(row);
  }
  ui.points.textContent = view.points ?? "";
  ui.points.hidden = view.points === null;
  ui.hintBox.hidden = !canAnalyse || view.handOver;
  ui.hint.disabled = !yours;
}
function renderBanner(view, live) {
  ui.banner.replaceChildren();
  ui.banner.hidden = view.result === null;
  if (view.result === null) return;
  ui.banner.dataset["outcome"] = view.result.outcome;
  ui.banner.append(make("h2", view.result.headline));
  const details = make("ul");
  details.append(...view.result.details.map((text) => make("li", text)));
  ui.banner.append(details);
  if (view.matchOver) ui.banner.append(make("p", view.matchWinner ?? "The match is over.", "match-over"));
  if (match && !view.matchOver) {
    const next = make("div", "", "next");
    const leaders = view.nextLeaders;
    if (!live.teams || leaders === null) {
      next.append(button("Deal the next hand", () => nextHand()));
    } else {
      next.append(make("span", "Your team names the next leader: "));
      for (const leader of leaders) next.append(button(leader === view.seat ? "I lead" : `Seat ${leader} leads`, () => nextHand(leader)));
    }
    ui.banner.append(next);
  }
}
function renderBoard(view) {
  showBoard(view.board);
  const hand = handNumber(view);
  if (view.result !== null && !recorded.has(hand)) {
    recorded.add(hand);
    ui.history.append(make("li", `Hand ${hand}: ${view.result.headline.toLowerCase()}.`));
  }
}
function showBoard(board2) {
  const caption = make("caption", board2.caption);
  const head = make("tr");
  head.append(make("th", "Who"), make("th", "Tally"));
  head.querySelectorAll("th").forEach((cell) => cell.setAttribute("scope", "col"));
  const rows = board2.rows.map((row) => {
    const line = make("tr", "", row.yours ? "yours" : "");
    const name = make("th", row.name);
    name.setAttribute("scope", "row");
    line.append(name, make("td", String(row.value)));
    return line;
  });
  ui.board.replaceChildren(caption, make("thead"), make("tbody"));
  ui.board.tHead?.append(head);
  ui.board.tBodies[0]?.append(...rows);
}
function handNumber(view) {
  return Number(/Hand (\d+)/.exec(view.board.caption)?.[1] ?? "0");
}
function renderReview(view, live) {
  ui.review.hidden = !view.handOver;
  if (!view.handOver) return;
  const plays = reviewed !== null && reviewed.table === live && reviewed.hand === handNumber(view) ? reviewed.plays : null;
  let ply = 0;
  const entry = (play) => {
    const item = playedCard(play, live.deck, view.seat);
    const found = plays?.[ply];
    ply += 1;
    if (found !== void 0 && found.move.card === play.card && found.move.seat === play.seat) {
      const lost2 = lost(found);
      const gaveAway2 = gaveAway(found);
      item.classList.toggle("lost", lost2 !== null);
      item.classList.toggle("gave-away", gaveAway2);
      item.append(make("span", values(found), "value"));
      if (lost2 !== null) item.append(make("span", `lost ${lost2}`, "lost-by"));
      if (gaveAway2) item.append(make("span", "gave the hand away", "gave-away-by"));
      item.dataset["ply"] = String(found.ply);
    }
    return item;
  };
  const rows = view.tricks.map((trick) => {
    const row = make("li");
    const text = trickText(trick, live.deck, view.seat);
    row.append(make("p", text.charAt(0).toUpperCase() + text.slice(1), "small"));
    const cards = make("ol", "", "plays small-cards");
    cards.append(...trick.plays.map(entry));
    row.append(cards);
    return row;
  });
  if (view.trick.length > 0) {
    const row = make("li");
    row.append(make("p", "Discarded: nobody could go on, so this trick scores for nobody (A12a).", "small"));
    const cards = make("ol", "", "plays small-cards");
    cards.append(...view.trick.map(entry));
    row.append(cards);
    rows.push(row);
  }
  ui.tricks.replaceChildren(...rows);
  ui.reviewNote.hidden = plays === null;
  ui.reviewKey.hidden = plays === null;
  ui.reviewKey.replaceChildren(...reviewKey(live.game, live.players).map((line) => make("li", line)));
  ui.review.dataset["reviewed"] = plays === null ? "false" : "true";
}
function render(view, live) {
  const yours = view.toAct === view.seat && !view.handOver;
  const mode = live.sealed ? "sealed mode: you see only the public state and your own view" : "open mode";
  ui.status.dataset["state"] = view.handOver ? view.matchOver ? "match-over" : "hand-over" : yours ? "your-turn" : "waiting";
  ui.status.textContent = view.handOver ? view.matchOver ? view.matchWinner ?? "The match is over." : "The hand is over." : yours ? "Your turn: play a raised card (Tab or the arrow keys, then Enter)." : `Seat ${view.toAct} is thinking…`;
  ui.status.append(make("span", ` ${live.game}, ${live.players} players, ${mode}.`, "small"));
  ui.felt.classList.toggle("agency", live.teams);
  renderSeats(view.seats, live.players, view.seat, view.toAct);
  renderTrick(view, live);
  renderCards(view, live);
  renderBanner(view, live);
  renderBoard(view);
  renderReview(view, live);
  renderClock(view, live);
  const token = live.token();
  ui.spectateBox.hidden = token === null;
  ui.spectate.href = token === null ? "/play" : spectatorLink(live.game, token);
  if (yours && !ui.felt.contains(document.activeElement)) {
    ui.felt.querySelector("button.card.legal")?.focus();
  }
}
function spectatorLink(game, token) {
  const query = new URLSearchParams({ game, watch: token });
  return `${window.location.origin}/play?${query.toString()}`;
}
function renderWatched(watched) {
  ui.status.dataset["state"] = watched.handOver ? "hand-over" : "watching";
  ui.status.textContent = watched.handOver ? `The hand is over. ${watched.outcome ?? ""}` : `Seat ${watched.toAct} to play.`;
  ui.status.append(make("span", ` Watching ${watched.game}, ${watched.players} players, as this link's token left the table: no seat's cards are shown, and a later link from a player shows later moves.`, "small"));
  ui.felt.classList.toggle("agency", watched.teams);
  renderSeats(watched.seats, watched.players, 0, watched.toAct);
  renderTrick({ ...watched, seat: -1 }, watched);
  ui.meTitle.textContent = watched.teams ? "Seat 0, team 0" : "Seat 0";
  ui.me.classList.toggle("to-act", watched.toAct === 0 && !watched.handOver);
  ui.hand.replaceChildren();
  const bottom = watched.seats[0];
  if (bottom !== void 0 && bottom.cards !== null) ui.hand.append(cardBacks(bottom.cards));
  for (const corner of corners) corner.replaceChildren();
  watched.holders?.forEach((shown, index) => {
    const box = make("section", "", "holder");
    box.setAttribute("aria-label", `Holder ${shown.holder}, between seat ${shown.holder} and seat ${(shown.holder + 1) % 4}`);
    box.append(make("h3", `Holder ${shown.holder}`), cardBacks(shown.count));
    corners[index]?.append(box);
  });
  ui.points.textContent = watched.points ?? "";
  ui.points.hidden = watched.points === null;
  ui.hintBox.hidden = true;
  showBoard(watched.board);
}
async function spectate(game, token) {
  ui.form.hidden = true;
  const known = games.find((entry) => entry.id === game);
  if (known !== void 0) legend(known);
  renderWatched(await watch(game, token));
  ui.table.hidden = false;
  document.body.dataset["watching"] = "true";
}
var LEGENDS = {
  agency: {
    notes: { V: ": trump, always, and may be led at any time (A2); the highest Van wins the trick (A11)" },
    marks: { W: "Wall: a seat reaches the cards of a holder from its own end up to and including the first Wall (A6). A Wall is worth 2 points and never wins; it may be played when no Wall is in the trick yet, and led only when you reach nothing else (A8–A10)." },
    texts: () => [
      "Holder h stands between seat h and seat h+1: you play from the two holders beside you, your partner sits opposite (A4, A5).",
      "Card points: the 3 and 7 of Hats, Moustaches and Briefcases 2 each, their 5 4, each Wall 2, Vans 0 (A3); 22 points end the hand (A12c).",
      "Follow the led suit, or play a Van or a Wall (A9). A blue bar marks the cards you reach, a grey bar those your neighbour reaches."
    ]
  },
  "last-trick": {
    notes: {},
    marks: {},
    texts: (game) => [
      `Ranks, high to low: ${game.rank_order.join(" ")}. No trumps: the highest card of the led suit wins the trick (F1).`,
      `Only the last trick counts: whoever wins trick ${game.hand_size} wins the hand (F2). Follow the led suit if you can (F5).`,
      ...SCORING_NOTES[game.id] === void 0 ? [] : [SCORING_NOTES[game.id]]
    ]
  }
};
var SCORING_NOTES = {
  fapfap: "Fapfap: a last trick won with a 3 pays double, tricks 4 and 5 both won with 3s pay four times (F2, F6).",
  spar: "Spar: a last trick won with a 6 scores 3, with a 7 scores 2, otherwise 1 (F2)."
};
function legend(game) {
  const deck = deckOf(game.family);
  const { notes, marks, texts } = LEGENDS[game.family];
  const list = make("ul", "", "legend");
  const suits = [...new Set(game.deck.filter((code) => code !== "W").map((code) => code.slice(-1)))];
  for (const letter of suits) {
    const item = make("li");
    item.append(mark(deck, `1${letter}`), make("span", `${letter}: ${suitName(deck, letter)}${notes[letter] ?? ""}`));
    list.append(item);
  }
  for (const [code, text] of Object.entries(marks)) {
    const item = make("li");
    item.append(mark(deck, code), make("span", text));
    list.append(item);
  }
  list.append(...[...texts(game), "Raised cards with a green edge are legal now; the others are refused with the rule they break."].map((text) => make("li", text)));
  ui.legend.replaceChildren(list);
}
function button(text, action) {
  const node = make("button", text);
  node.type = "button";
  node.addEventListener("click", () => act(action));
  return node;
}
var working = Promise.resolve();
var pending = 0;
function act(action) {
  pending += 1;
  document.body.dataset["busy"] = "true";
  working = working.then(action).catch(showError).finally(() => {
    pending -= 1;
    if (pending === 0) document.body.dataset["busy"] = "false";
  });
}
function alongside(action) {
  pending += 1;
  document.body.dataset["busy"] = "true";
  action().catch(showError).finally(() => {
    pending -= 1;
    if (pending === 0) document.body.dataset["busy"] = "false";
  });
}
async function choose(play) {
  try {
    log(await play());
    ui.refusal.hidden = true;
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    ui.refusal.textContent = error.detail;
    ui.refusal.hidden = false;
    await advance();
    return;
  }
  hinted = null;
  ui.hintText.textContent = "";
  await advance();
}
var ticking;
function renderClock(view, live) {
  window.clearInterval(ticking);
  ticking = void 0;
  const clock = live.clock();
  ui.countdown.hidden = clock === null || clock.seat === null || view.handOver;
  if (clock === null || clock.seat === null || view.handOver) return;
  const seat = clock.seat;
  const deadline = Date.parse(clock.deadline);
  ui.countdown.dataset["seat"] = String(seat);
  const tick = () => {
    const left = Math.max(0, deadline - Date.now());
    const who = seat === view.seat ? "Your time" : `Seat ${seat}'s time`;
    ui.countdown.textContent = left > 0 ? `${who}: ${Math.ceil(left / 1e3)} s left (${clock.move_seconds} s a move).` : `${who} is up: the referee plays for ${seat === view.seat ? "you" : "it"}.`;
    ui.countdown.dataset["low"] = String(left <= 5e3);
    if (left > 0) return true;
    window.clearInterval(ticking);
    ticking = void 0;
    alongside(() => timeOut(live, clock.deadline));
    return false;
  };
  if (tick()) ticking = window.setInterval(tick, 250);
}
async function timeOut(live, deadline) {
  if (table !== live || live.clock()?.deadline !== deadline) return;
  try {
    log(await live.timeout());
  } catch (error) {
    if (error instanceof Refused && error.code === "state_spent") return;
    if (!(error instanceof Refused) || error.code !== "clock_running") throw error;
    await pause(Math.max(50, error.remainingMs ?? 250));
    await timeOut(live, deadline);
    return;
  }
  hinted = null;
  ui.hintText.textContent = "";
  if (table !== live) return;
  render(await live.display(), live);
  act(advance);
}
async function botMove(live, seat) {
  try {
    return await live.botTurn(ui.level.value, seat);
  } catch (error) {
    if (!(error instanceof Refused) || error.code !== "state_spent") throw error;
    return [{ type: "late", text: `Seat ${seat}'s move came too late: its time had run out and the referee had played for it.` }];
  }
}
function pause(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
async function advance() {
  const live = table;
  if (live === null) return;
  for (; ; ) {
    const view = await live.display();
    if (live !== table) return;
    if (view.handOver && canAnalyse && (reviewed === null || reviewed.table !== live || reviewed.hand !== handNumber(view))) {
      reviewed = { table: live, hand: handNumber(view), plays: await live.review().catch(() => null) };
    }
    render(view, live);
    if (view.handOver || view.toAct === null || view.toAct === view.seat) return;
    await pause(delay);
    log(await botMove(live, view.toAct));
  }
}
async function hint(clicked) {
  const live = table;
  if (live === null) return;
  const suggestion = await live.hint();
  if (suggestion === null) {
    ui.hintText.textContent = `No hint: the referee's analysis stayed busy for ${HINT_MS / 1e3} s. Try again, or play on.`;
    ui.hintText.dataset["ms"] = String(Math.round(performance.now() - clicked));
    return;
  }
  hinted = suggestion.move;
  const from = suggestion.move.holder === void 0 || suggestion.move.holder === null || suggestion.move.card === "W" ? "" : ` from holder ${suggestion.move.holder}`;
  ui.hintText.textContent = `Hint (${suggestion.level}): play the ${cardName(live.deck, suggestion.move.card, suggestion.move.holder ?? null)}${from}.`;
  ui.hintText.dataset["ms"] = String(Math.round(performance.now() - clicked));
  render(await live.display(), live);
}
async function nextHand(leader) {
  if (table === null) return;
  await table.nextHand(leader);
  log([{ type: "deal", text: "A new hand is dealt." }]);
  await advance();
}
function keys(event) {
  const steps = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
  const step = steps[event.key];
  if (step === void 0 || !(event.target instanceof HTMLButtonElement)) return;
  const legal = [...ui.felt.querySelectorAll("button.card.legal")];
  const at = legal.indexOf(event.target);
  if (at === -1) return;
  event.preventDefault();
  legal[(at + step + legal.length) % legal.length]?.focus();
}
async function start() {
  ui.error.hidden = true;
  ui.refusal.hidden = true;
  ui.events.replaceChildren();
  ui.history.replaceChildren();
  ui.hintText.textContent = "";
  recorded = /* @__PURE__ */ new Set();
  hinted = null;
  match = ui.length.value === "match";
  table = null;
  const game = games.find((entry) => entry.id === ui.game.value);
  if (game !== void 0) legend(game);
  const seconds = ui.clock.value.trim() === "" ? null : Number(ui.clock.value);
  const fresh = await newTable(ui.game.value, Number(ui.players.value), Number(ui.seat.value), seconds);
  table = fresh;
  ui.table.hidden = false;
  const timed = fresh.clock();
  log([{ type: "deal", text: `A hand of ${game?.name ?? fresh.game} is dealt; you sit at seat ${fresh.seat}${timed === null ? "" : `; each move has ${timed.move_seconds} s`}.` }]);
  await advance();
}
async function load() {
  client.setConfig({ baseUrl: window.location.origin });
  const answer2 = await listGames();
  if (answer2.data === void 0) throw new Error("The referee did not list its games");
  games = answer2.data.games;
  options(ui.game, games.map((game) => ({ value: game.id, label: game.name })));
  options(ui.level, LEVELS);
  canAnalyse = games[0] !== void 0 && await available(games[0].id);
  ui.levelField.hidden = !canAnalyse;
  document.body.dataset["analysis"] = String(canAnalyse);
  const asked = new URLSearchParams(window.location.search);
  const watching = asked.get("watch");
  if (watching !== null) {
    await spectate(asked.get("game") ?? "", watching);
    document.body.dataset["ready"] = "true";
    document.body.dataset["busy"] = "false";
    return;
  }
  fillSeats();
  ui.game.addEventListener("change", fillSeats);
  ui.players.addEventListener("change", fillSeats);
  ui.form.addEventListener("submit", (event) => {
    event.preventDefault();
    act(start);
  });
  ui.hint.addEventListener("click", () => {
    const clicked = performance.now();
    act(() => hint(clicked));
  });
  ui.felt.addEventListener("keydown", keys);
  document.body.dataset["ready"] = "true";
  document.body.dataset["busy"] = "false";
}
load().catch(showError);
