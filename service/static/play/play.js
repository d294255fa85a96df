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
            const { done, value } = await reader.read();
            if (done) break;
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
    let values = [];
    Object.entries(value).forEach(([key, v]) => {
      values = [...values, key, allowReserved ? v : encodeURIComponent(v)];
    });
    const joinedValues2 = values.join(",");
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
  url: "/v1/games/agency/deal",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var agencyLegalMoves = (options2) => (options2.client ?? client).post({
  url: "/v1/games/agency/legal-moves",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var agencyPlay = (options2) => (options2.client ?? client).post({
  url: "/v1/games/agency/play",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var agencyView = (options2) => (options2.client ?? client).post({
  url: "/v1/games/agency/view",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var agramMaliDeal = (options2) => (options2.client ?? client).post({
  url: "/v1/games/agram-mali/deal",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var agramMaliLegalMoves = (options2) => (options2.client ?? client).post({
  url: "/v1/games/agram-mali/legal-moves",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var agramMaliPlay = (options2) => (options2.client ?? client).post({
  url: "/v1/games/agram-mali/play",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var agramMaliView = (options2) => (options2.client ?? client).post({
  url: "/v1/games/agram-mali/view",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var agramDeal = (options2) => (options2.client ?? client).post({
  url: "/v1/games/agram/deal",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var agramLegalMoves = (options2) => (options2.client ?? client).post({
  url: "/v1/games/agram/legal-moves",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var agramPlay = (options2) => (options2.client ?? client).post({
  url: "/v1/games/agram/play",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var agramView = (options2) => (options2.client ?? client).post({
  url: "/v1/games/agram/view",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var fapfapDeal = (options2) => (options2.client ?? client).post({
  url: "/v1/games/fapfap/deal",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var fapfapLegalMoves = (options2) => (options2.client ?? client).post({
  url: "/v1/games/fapfap/legal-moves",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var fapfapPlay = (options2) => (options2.client ?? client).post({
  url: "/v1/games/fapfap/play",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var fapfapView = (options2) => (options2.client ?? client).post({
  url: "/v1/games/fapfap/view",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var sinkSinkDeal = (options2) => (options2.client ?? client).post({
  url: "/v1/games/sink-sink/deal",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var sinkSinkLegalMoves = (options2) => (options2.client ?? client).post({
  url: "/v1/games/sink-sink/legal-moves",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var sinkSinkPlay = (options2) => (options2.client ?? client).post({
  url: "/v1/games/sink-sink/play",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var sinkSinkView = (options2) => (options2.client ?? client).post({
  url: "/v1/games/sink-sink/view",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var sparDeal = (options2) => (options2.client ?? client).post({
  url: "/v1/games/spar/deal",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var sparLegalMoves = (options2) => (options2.client ?? client).post({
  url: "/v1/games/spar/legal-moves",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var sparPlay = (options2) => (options2.client ?? client).post({
  url: "/v1/games/spar/play",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});
var sparView = (options2) => (options2.client ?? client).post({
  url: "/v1/games/spar/view",
  ...options2,
  headers: {
    "Content-Type": "application/json",
    ...options2.headers
  }
});

// web/tables.ts
var Refused = class extends Error {
  constructor(detail, code, status) {
    super(detail);
    __publicField(this, "detail", detail);
    __publicField(this, "code", code);
    __publicField(this, "status", status);
  }
};
async function answer(pending) {
  const result = await pending;
  if (result.error !== void 0) {
    throw new Refused(result.error.detail, result.error.code, result.response.status);
  }
  if (result.data === void 0) throw new Error("The referee answered no body");
  return result.data;
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
function pick(items) {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === void 0) throw new Error("Nothing to choose from");
  return item;
}
function sentence(event, teams) {
  const side = (winner) => winner === null || winner === void 0 ? "nobody (a void hand)" : teams ? `team ${winner}` : `seat ${winner}`;
  switch (event.type) {
    case "card_played":
      return `Seat ${event.seat} plays ${event.card}${event.holder === void 0 ? "" : ` from holder ${event.holder}`}.`;
    case "trick_won":
      return `Seat ${event.winner} wins trick ${event.trick ?? ""} with ${event.card}${typeof event.points === "number" ? ` (${event.points} points)` : ""}.`;
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
function lines(events, teams) {
  return events.map((event) => ({ type: event.type, text: sentence(event, teams) }));
}
function matchLines(match2, teams) {
  const tally = match2.tally ?? match2.previous;
  const who = teams ? "Team" : "Seat";
  const unit = match2.unit === "balance" ? "stakes" : match2.unit === "game_points" ? "game points" : match2.unit ?? "hands";
  return [
    `Hand ${match2.hand} of the match; ${match2.target === null || match2.target === void 0 ? "no target" : `first to ${match2.target} ${unit}`}.`,
    `Tally (${unit}): ${tally.map((value, index) => `${who} ${index}: ${value}`).join(", ")}.`
  ];
}
async function familyTable(game, api, players, seat) {
  const deal = (body2) => answer(api.deal({ body: body2 }));
  const hand = new Hold(api, await deal({ players }));
  const body = () => hand.held;
  const play = async (move) => {
    const played = await answer(api.play({ body: { ...body(), move }, headers: hand.as(move.seat) }));
    hand.update(played);
    return lines(played.events, false);
  };
  return {
    game,
    players,
    seat,
    get sealed() {
      return hand.sealed;
    },
    async display() {
      const held = hand.held;
      const request = "token" in held ? { token: held.token } : { state: held.state, seat };
      const view = await answer(api.view({ body: request, headers: hand.as(seat) }));
      const legal = new Set(view.legal_moves.map((move) => move.card));
      return {
        seat,
        toAct: view.to_act,
        handOver: view.hand_over,
        groups: [{
          title: `Your hand (seat ${seat})`,
          cards: view.hand.map((card) => ({ code: card, reachable: true, legal: legal.has(card), play: () => play({ seat, card }) }))
        }],
        others: view.hand_sizes.flatMap((size, other) => other === seat ? [] : [`Seat ${other}${other === view.dealer ? " (dealer)" : ""}: ${size} cards`]),
        trick: (view.trick?.plays ?? []).map((entry) => ({ seat: entry.seat, card: entry.card })),
        lastTrick: (view.tricks.at(-1)?.plays ?? []).map((entry) => ({ seat: entry.seat, card: entry.card })),
        score: matchLines(view.match, false),
        matchOver: view.match.over === true,
        nextLeaders: null
      };
    },
    async botTurn() {
      const toAct = hand.shown.to_act;
      if (toAct === null || toAct === void 0) return [];
      const legal = await answer(api.legalMoves({ body: body(), headers: hand.as(toAct) }));
      return play(pick(legal.moves));
    },
    async nextHand() {
      hand.update(await deal({ previous: hand.previous() }));
    }
  };
}
var SEATS = 4;
function namingTeam(view) {
  return view.winner === null ? view.match.chooser ?? null : 1 - view.winner;
}
async function agencyTable(api, seat) {
  const deal = (body2) => answer(api.deal({ body: body2 }));
  const hand = new Hold(api, await deal({}));
  const body = () => hand.held;
  let last = null;
  const play = async (move) => {
    const played = await answer(api.play({ body: { ...body(), move }, headers: hand.as(move.seat) }));
    hand.update(played);
    return lines(played.events, true);
  };
  return {
    game: "agency",
    players: SEATS,
    seat,
    get sealed() {
      return hand.sealed;
    },
    async display() {
      const held = hand.held;
      const request = "token" in held ? { token: held.token } : { state: held.state, seat };
      const view = await answer(api.view({ body: request, headers: hand.as(seat) }));
      last = view;
      const isLegal = (card, holder) => view.legal_moves.some((move) => move.card === card && move.holder === holder);
      const own = (seat + SEATS - 1) % SEATS;
      const groups = [seat, own].map((holder) => {
        const cards = view.holders[holder]?.cards ?? [];
        const reached = view.reach.find((entry) => entry.holder === holder)?.cards.length ?? 0;
        const fromStart = holder === seat;
        return {
          title: fromStart ? `Holder ${holder} (shared with seat ${(holder + 1) % SEATS}): you play from the left` : `Holder ${holder} (shared with seat ${holder}): you play from the right`,
          cards: cards.map((card, index) => ({
            code: card,
            reachable: fromStart ? index < reached : index >= cards.length - reached,
            legal: isLegal(card, holder),
            play: () => play({ seat, card, holder })
          }))
        };
      });
      const team = view.team;
      const naming = view.hand_over ? namingTeam(view) : null;
      return {
        seat,
        toAct: view.to_act,
        handOver: view.hand_over,
        groups,
        others: view.holders.filter((entry) => entry.holder !== seat && entry.holder !== own).map((entry) => `Holder ${entry.holder}: ${entry.count} cards`),
        trick: view.trick.plays.map((entry) => ({ seat: entry.seat, card: entry.card })),
        lastTrick: (view.tricks.at(-1)?.plays ?? []).map((entry) => ({ seat: entry.seat, card: entry.card })),
        score: [
          `Card points: team 0 (seats 0, 2) ${view.team_points[0]}, team 1 (seats 1, 3) ${view.team_points[1]}; you are team ${team}.`,
          ...matchLines(view.match, true)
        ],
        matchOver: view.match.over === true,
        nextLeaders: naming === team ? [team, team + 2] : naming === null && view.hand_over ? [0, 1, 2, 3] : null
      };
    },
    async botTurn() {
      const toAct = hand.shown.to_act;
      if (toAct === null || toAct === void 0) return [];
      const legal = await answer(api.legalMoves({ body: body(), headers: hand.as(toAct) }));
      return play(pick(legal.moves));
    },
    async nextHand(leader) {
      let first = leader;
      const naming = last === null ? null : namingTeam(last);
      if (first === void 0 && naming !== null) first = naming + 2 * Math.floor(Math.random() * 2);
      hand.update(await deal({ previous: hand.previous(), ...first === void 0 ? {} : { first_leader: first } }));
    }
  };
}
var open = (state) => !("match_id" in state);
function newTable(game, players, seat) {
  switch (game) {
    case "agency":
      return agencyTable({
        deal: agencyDeal,
        legalMoves: agencyLegalMoves,
        play: agencyPlay,
        view: agencyView,
        isOpen: (state) => open(state)
      }, seat);
    case "agram":
      return familyTable(game, {
        deal: agramDeal,
        legalMoves: agramLegalMoves,
        play: agramPlay,
        view: agramView,
        isOpen: (state) => open(state)
      }, players, seat);
    case "sink-sink":
      return familyTable(game, {
        deal: sinkSinkDeal,
        legalMoves: sinkSinkLegalMoves,
        play: sinkSinkPlay,
        view: sinkSinkView,
        isOpen: (state) => open(state)
      }, players, seat);
    case "fapfap":
      return familyTable(game, {
        deal: fapfapDeal,
        legalMoves: fapfapLegalMoves,
        play: fapfapPlay,
        view: fapfapView,
        isOpen: (state) => open(state)
      }, players, seat);
    case "agram-mali":
      return familyTable(game, {
        deal: agramMaliDeal,
        legalMoves: agramMaliLegalMoves,
        play: agramMaliPlay,
        view: agramMaliView,
        isOpen: (state) => open(state)
      }, players, seat);
    case "spar":
      return familyTable(game, {
        deal: sparDeal,
        legalMoves: sparLegalMoves,
        play: sparPlay,
        view: sparView,
        isOpen: (state) => open(state)
      }, players, seat);
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
  error: element("error", HTMLParagraphElement),
  table: element("table", HTMLElement),
  status: element("status", HTMLElement),
  refusal: element("refusal", HTMLParagraphElement),
  trick: element("trick", HTMLOListElement),
  lastTrick: element("last-trick", HTMLSpanElement),
  hand: element("hand", HTMLDivElement),
  others: element("others", HTMLUListElement),
  score: element("score", HTMLUListElement),
  next: element("next", HTMLDivElement),
  events: element("events", HTMLOListElement)
};
var delay = Number(new URLSearchParams(window.location.search).get("delay") ?? "600");
var games = [];
var table = null;
var match = false;
function make(tag, text = "", className = "") {
  const node = document.createElement(tag);
  node.textContent = text;
  if (className) node.className = className;
  return node;
}
function options(select, values, label) {
  select.replaceChildren(...values.map((value) => {
    const option = make("option", label(value));
    option.value = String(value);
    return option;
  }));
}
function range(from, to) {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}
function fillSeats() {
  const game = games.find((entry) => entry.id === ui.game.value);
  if (game === void 0) return;
  const chosen = Number(ui.players.value) || game.players.min;
  options(ui.players, range(game.players.min, game.players.max), (value) => String(value));
  ui.players.value = String(Math.min(Math.max(chosen, game.players.min), game.players.max));
  options(ui.seat, range(0, Number(ui.players.value) - 1), (value) => `seat ${value}`);
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
function cardFace(code) {
  const item = make("li");
  item.append(make("span", code, "card"));
  return item;
}
function render(view, live) {
  const yours = view.toAct === view.seat && !view.handOver;
  const mode = live.sealed ? "sealed mode: you see only the public state and your own view" : "open mode";
  ui.status.dataset["state"] = view.handOver ? view.matchOver ? "match-over" : "hand-over" : yours ? "your-turn" : "waiting";
  ui.status.textContent = view.handOver ? view.matchOver ? "The match is over." : "The hand is over." : yours ? `Your turn (seat ${view.seat}): click a card.` : `Seat ${view.toAct} is thinking…`;
  ui.status.append(make("span", ` ${live.game}, ${live.players} players, ${mode}.`, "small"));
  ui.trick.replaceChildren(...view.trick.map((play) => {
    const item = cardFace(play.card);
    item.append(`seat ${play.seat}`);
    return item;
  }));
  ui.lastTrick.textContent = view.lastTrick.map((play) => `seat ${play.seat}: ${play.card}`).join(", ") || "none yet";
  ui.hand.replaceChildren(...view.groups.map((group) => {
    const box = make("div", "", "group");
    box.append(make("h3", group.title));
    const row = make("div", "", "cards");
    for (const card of group.cards) {
      const button2 = make("button", card.code, "card");
      button2.type = "button";
      button2.dataset["card"] = card.code;
      button2.classList.toggle("legal", yours && card.legal);
      button2.classList.toggle("unreachable", !card.reachable);
      button2.classList.toggle("wall", card.code === "W");
      button2.title = !card.reachable ? "out of reach now" : card.legal && yours ? "a legal move" : "";
      button2.disabled = !yours;
      button2.addEventListener("click", () => act(() => choose(card.play)));
      row.append(button2);
    }
    box.append(row);
    return box;
  }));
  ui.others.replaceChildren(...view.others.map((text) => make("li", text)));
  ui.score.replaceChildren(...view.score.map((text) => make("li", text)));
  ui.next.replaceChildren();
  ui.next.hidden = true;
  if (view.handOver && match && !view.matchOver) {
    ui.next.hidden = false;
    const leaders = view.nextLeaders;
    if (leaders === null) {
      ui.next.append(button("Deal the next hand", () => nextHand()));
    } else {
      ui.next.append(make("span", "Your team names the next leader: "));
      for (const leader of leaders) ui.next.append(button(leader === view.seat ? "I lead" : `Seat ${leader} leads`, () => nextHand(leader)));
    }
  }
}
function button(text, action) {
  const node = make("button", text);
  node.type = "button";
  node.addEventListener("click", () => act(action));
  return node;
}
function act(action) {
  document.body.dataset["busy"] = "true";
  action().catch(showError).finally(() => {
    document.body.dataset["busy"] = "false";
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
    return;
  }
  await advance();
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
    render(view, live);
    if (view.handOver || view.toAct === view.seat) return;
    await pause(delay);
    log(await live.botTurn());
  }
}
async function nextHand(leader) {
  if (table === null) return;
  await table.nextHand(leader);
  log([{ type: "deal", text: "A new hand is dealt." }]);
  await advance();
}
async function start() {
  ui.error.hidden = true;
  ui.refusal.hidden = true;
  ui.events.replaceChildren();
  match = ui.length.value === "match";
  table = null;
  const fresh = await newTable(ui.game.value, Number(ui.players.value), Number(ui.seat.value));
  table = fresh;
  ui.table.hidden = false;
  log([{ type: "deal", text: `A hand of ${fresh.game} is dealt; you sit at seat ${fresh.seat}.` }]);
  await advance();
}
async function load() {
  client.setConfig({ baseUrl: window.location.origin });
  const answer2 = await listGames();
  if (answer2.data === void 0) throw new Error("The referee did not list its games");
  games = answer2.data.games;
  ui.game.replaceChildren(...games.map((game) => {
    const option = make("option", game.name);
    option.value = game.id;
    return option;
  }));
  fillSeats();
  ui.game.addEventListener("change", fillSeats);
  ui.players.addEventListener("change", fillSeats);
  ui.form.addEventListener("submit", (event) => {
    event.preventDefault();
    act(start);
  });
  document.body.dataset["ready"] = "true";
  document.body.dataset["busy"] = "false";
}
load().catch(showError);
