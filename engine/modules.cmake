# The engine's module graph, lowest layer first: one peng_module() line per folder
# of engine/ (engine/peng_module.cmake). tests/layering/check_layering.py reads this
# file too and fails when a source includes a module its line does not name, or a
# header one named only PRIVATE.
peng_module(util)
peng_module(platform PRIVATE util)
peng_module(io PUBLIC platform PRIVATE util)
peng_module(checkpoint PUBLIC io PRIVATE util)
peng_module(quant PUBLIC checkpoint PRIVATE util)
peng_module(kernels PRIVATE quant util)
# The forwards' named ops (norms, rope, activations, residual updates); no dependency.
peng_module(ops)
peng_module(experts PUBLIC checkpoint io kernels PRIVATE platform util)
peng_module(cuda PUBLIC experts kernels PRIVATE util)
peng_module(plan PUBLIC checkpoint cuda experts kernels PRIVATE io util)
peng_module(text PUBLIC checkpoint util PRIVATE io platform)
peng_module(gen PRIVATE io text util)
# The sampler chain over logits (masks, top-k, temperature, top-p, the draw) and its random stream.
peng_module(sampling PRIVATE util)
peng_module(kv PUBLIC checkpoint io PRIVATE experts platform util)
peng_module(model PUBLIC checkpoint cuda experts kernels kv platform sampling text PRIVATE io ops plan quant util)
peng_module(api PUBLIC checkpoint cuda experts io kernels kv model plan sampling text util PRIVATE gen platform)

# The engine modules app/ may include (it links all of peng_engine): only the engine API.
set(PENG_APP_MODULES api)
